import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onParentExit } from './child.ts';
import { startThrowawayProduct } from './throwaway.ts';

/**
 * A process the benchmark loads from outside, so the load generator never competes with it for the event loop.
 * `product`: the functions as `npm start` serves them (fresh stand-ins);
 * `bare`: node:http answering with the given JSON from memory, the floor to compare with.
 */
const [kind, body = '{}'] = process.argv.slice(2);
if (kind === 'bare') {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  onParentExit(async () => void server.close());
  server.listen(0, '127.0.0.1', () => ready(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
} else {
  const product = await startThrowawayProduct();
  onParentExit(product.stop);
  ready(product.url, { env: product.env, dataDir: product.dataDir, redisUrl: product.redisUrl });
}

function ready(url: string, extra: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ url, ...extra })}\n`);
}
