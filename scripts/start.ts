import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './local/build.ts';
import { startContentEditing } from './local/content-editing.ts';
import { redisServerInstalled } from './local/redis.ts';
import { loadScheduledJobs, type Scheduler, startScheduler } from './local/scheduler.ts';
import { startServer } from './local/server.ts';
import { startLocalStack } from './local/stack.ts';
import { removeStoreAddress, writeStoreAddress } from './local/store-address.ts';

/**
 * `npm start`: the whole product on this machine with embedded stand-ins, no accounts, no network.
 * `npm run dev`: the same stand-ins behind Astro's hot-reloading dev server.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8888);

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 22)
  fail(`Node ${process.versions.node} is too old: run through npm (npm start), which uses Node 22.`);
if (!redisServerInstalled())
  fail('redis-server is not installed. Install it with: sudo apt-get install -y redis-server');
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`PORT must be a port number, not "${process.env.PORT}"`);

const dataDir = path.join(root, '.data');
mkdirSync(dataDir, { recursive: true });
// The sign-in provider keeps its port between runs (PORT + 1 unless AUTH_PORT says otherwise):
// its address is the token issuer, so a fixed one keeps members signed in across restarts.
const authPort = Number(process.env.AUTH_PORT ?? port + 1);
// The local chat's invite pages (the stand-in for Discord): PORT + 2, fixed so issued links keep working.
const chatPort = Number(process.env.CHAT_PORT ?? port + 2);
const stack = await startLocalStack({
  dataDir,
  persist: true,
  appOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
  authPort,
  chatPort,
  // Redis is started again if it dies; a crash loop stops the product with the reason.
  onRedisGiveUp: (message) => {
    console.error(message);
    void shutdown(1);
  },
}).catch((error: unknown) =>
  fail(`Could not start the local services: ${error instanceof Error ? error.message : error}`),
);
Object.assign(process.env, stack.env);
// Local tools (npm run affiliates:report) read this run's store through it.
const storeAddress = {
  url: stack.env.UPSTASH_REDIS_REST_URL ?? '',
  token: stack.env.UPSTASH_REDIS_REST_TOKEN ?? '',
  smtpUrl: stack.env.SMTP_URL ?? '',
};
writeStoreAddress(dataDir, storeAddress);

let stopServer: () => Promise<void>;
let scheduler: Scheduler | undefined;
if (dev) {
  process.env.URL = `http://localhost:${port}`;
  writeStoreAddress(dataDir, { ...storeAddress, siteUrl: process.env.URL });
  const child = spawn(path.join(root, 'node_modules/.bin/astro'), ['dev', '--port', String(port)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  child.on('exit', (code) => void shutdown(code ?? 0));
  stopServer = async () => void child.kill('SIGTERM');
} else {
  buildIfStale(root);
  // The content editor (/admin/) edits this working tree; each save rebuilds the site.
  const editing = await startContentEditing(root).catch(async (e) => {
    await stack.stop();
    fail(`Could not start the content editor's backend: ${e instanceof Error ? e.message : e}`);
  });
  const server = await startServer({
    root,
    port,
    host: process.env.HOST ?? '127.0.0.1',
    contentBackend: editing.backend,
  }).catch(async (e) => {
    await editing.stop();
    await stack.stop();
    fail(`Could not serve on port ${port}: ${e instanceof Error ? e.message : e}`);
  });
  stopServer = async () => {
    await server.close();
    await editing.stop();
  };
  // Links in emails lead to this site, as Netlify's URL names the deployed one (docs/mail.md).
  process.env.URL = server.url;
  writeStoreAddress(dataDir, { ...storeAddress, siteUrl: server.url });
  console.log(`\nOTC Edge is running at ${server.url}  (Ctrl-C to stop)`);
  console.log(`Content editor: ${server.url}/admin/ (saves write content/ and rebuild the site)`);
}
// The local operator account (docs/operator.md), made by the local stack.
// The inbox opens with this run's key only: the link hands it to the browser (docs/mail.md).
console.log(`Mail: ${stack.mailLink} (every email the product sends)`);
console.log(`Operator: ${stack.operator.email} / ${stack.operator.password} (console at /console)`);
// Member mode (docs/market-data.md, "Whose key"): members save a key of their own on /account.
if (process.env.MASSIVE_KEY_SOURCE === 'member')
  console.log(
    `Market data: members' own keys; the local stand-in takes ${stack.marketKey} (save it on /account)`,
  );
console.log('');
// Netlify Scheduled Functions (functions/ with `config.schedule`) run here on their schedule, UTC;
// `npm run jobs:run -- NAME` runs one now.
scheduler = startScheduler(await loadScheduledJobs(path.join(root, 'functions')));

let stopping = false;
async function shutdown(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  scheduler?.stop();
  await stopServer().catch(() => {});
  removeStoreAddress(dataDir);
  await stack.stop().catch(() => {});
  if (code === 0) console.log('OTC Edge stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
