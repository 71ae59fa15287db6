import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onParentExit } from './child.ts';
import { freePort } from './redis.ts';
import { startServer } from './server.ts';
import { startLocalStack } from './stack.ts';

/**
 * A process the benchmark loads from outside, so the load generator never competes with it for the event loop.
 * `product`: the functions as `npm start` serves them (fresh Redis + bridge);
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
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-bench-'));
  const port = await freePort();
  const stack = await startLocalStack({
    dataDir,
    persist: false,
    appOrigins: [`http://localhost:${port}`],
    authPort: 0,
  });
  Object.assign(process.env, stack.env);
  const server = await startServer({ root, port });
  onParentExit(async () => {
    await server.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  ready(server.url);
}

function ready(url: string) {
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}
