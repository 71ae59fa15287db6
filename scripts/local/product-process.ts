import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onParentExit } from './child.ts';
import { startThrowawayProduct } from './throwaway.ts';

/**
 * A product in a process of its own (started with child.ts's startChild), announced as one JSON line.
 * `product`: the functions as `npm start` serves them (fresh stand-ins). The benchmark loads it from
 * outside, so the load generator never competes with it for the event loop; a journey whose figures
 * must be exact gets one of its own, with functions whose settings (read once per process) are its own.
 * `bare`: node:http answering with the given JSON from memory, the benchmark's floor to compare with.
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
  ready(product.url, {
    env: product.env,
    dataDir: product.dataDir,
    redisUrl: product.redisUrl,
    mailUrl: product.mailUrl,
    mailKey: product.mailKey,
  });
}

function ready(url: string, extra: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ url, ...extra })}\n`);
}
