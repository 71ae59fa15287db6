// An HTTP server speaking the Upstash Redis REST protocol in front of a real redis-server, so the
// unmodified `@upstash/redis` SDK runs locally and in tests exactly as it does against Upstash.
//
// Protocol, as @upstash/redis 1.x uses it (pkg/http.ts, pkg/pipeline.ts):
// - `POST /` body `["SET","k","v"]` → `{"result": ...}`; a Redis error → 400 `{"error": "ERR ..."}`.
// - `POST /pipeline` and `POST /multi-exec` body `[[...],[...]]` → 200 `[{"result": ...}|{"error": ...}]`.
//   The SDK auto-pipelines by default, so almost every call arrives on /pipeline.
// - `Upstash-Encoding: base64` (the SDK default): every string in a result is base64 of its raw bytes,
//   except a top-level "OK" status, which stays "OK" (the SDK's decoder special-cases it). Integers
//   and null stay JSON numbers/null; errors are never encoded. Replies follow RESP2, like Upstash.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createClient, ErrorReply, RESP_TYPES } from 'redis';
import { onParentExit } from './child.ts';

export interface BridgeOptions {
  redisUrl: string;
  token: string;
  /** 0 or undefined: a free port. */
  port?: number;
  /** Default 127.0.0.1: never reachable from other machines unless asked. */
  host?: string;
}

export interface RunningBridge {
  url: string;
  port: number;
  close(): Promise<void>;
}

type Arg = string | number | boolean;
type Command = string[];
type Entry = { result: unknown } | { error: string };

const MAX_BODY_BYTES = 32 * 1024 * 1024;

// Commands that change the state of the one shared connection, or block it, would break every other
// request multiplexed on it. Transactions go through /multi-exec instead.
const REFUSED = new Set(
  [
    'MULTI EXEC DISCARD WATCH UNWATCH SELECT RESET QUIT HELLO AUTH CLIENT MONITOR',
    'SUBSCRIBE PSUBSCRIBE SSUBSCRIBE UNSUBSCRIBE PUNSUBSCRIBE SUNSUBSCRIBE',
    'BLPOP BRPOP BLMOVE BRPOPLPUSH BLMPOP BZPOPMIN BZPOPMAX BZMPOP WAIT WAITAOF XREAD XREADGROUP',
  ]
    .join(' ')
    .split(' '),
);

// Server administration, which the product never sends: redis-server would write files where it is
// told (CONFIG SET dir and dbfilename, then SAVE: anywhere on a Redis before 7), load code (MODULE) or
// copy a rogue server's data (REPLICAOF). The token alone would stand between a caller and the disk.
const ADMIN = new Set(
  'CONFIG SAVE BGSAVE BGREWRITEAOF SHUTDOWN DEBUG MODULE REPLICAOF SLAVEOF SYNC PSYNC MIGRATE FAILOVER ACL'.split(
    ' ',
  ),
);

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export async function startUpstashBridge(opts: BridgeOptions): Promise<RunningBridge> {
  const base = createClient({ url: opts.redisUrl, RESP: 2, disableOfflineQueue: true });
  // Report a lost connection once, not once per reconnect attempt; requests fail fast meanwhile.
  let healthy = true;
  base.on('error', (error: Error) => {
    if (healthy) console.error(`[upstash-bridge] redis connection error: ${error.message}`);
    healthy = false;
  });
  base.on('ready', () => {
    healthy = true;
  });
  await base.connect();
  // Bulk strings as Buffers: binary-safe, and distinguishable from status replies ("OK" stays a string).
  const redis = base.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  // Every request shares this one connection; node-redis pipelines concurrent commands on it.
  const send = (command: Command, chainId?: symbol): Promise<unknown> =>
    redis.sendCommand(command, chainId ? { chainId } : undefined);

  const expectedDigest = digest(opts.token);
  const authorized = (header: string | undefined) => {
    const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
    return token !== undefined && timingSafeEqual(digest(token), expectedDigest);
  };

  async function handle(req: IncomingMessage): Promise<[number, unknown]> {
    if (req.method !== 'POST') throw new HttpError(405, 'ERR only POST is supported');
    if (!authorized(req.headers.authorization)) throw new HttpError(401, 'Unauthorized');
    const base64 = req.headers['upstash-encoding']?.toString().toLowerCase() === 'base64';
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/' || path === '') {
      const command = toCommand(await readJson(req));
      try {
        return [200, { result: encode(await send(command), base64, true) }];
      } catch (error) {
        if (error instanceof ErrorReply) return [400, { error: error.message }];
        throw error;
      }
    }
    if (path === '/pipeline') return [200, await pipeline(toCommands(await readJson(req)), base64)];
    if (path === '/multi-exec') return multiExec(toCommands(await readJson(req)), base64);
    throw new HttpError(404, `ERR unknown endpoint ${path}: use /, /pipeline or /multi-exec`);
  }

  async function pipeline(commands: Command[], base64: boolean): Promise<Entry[]> {
    const settled = await Promise.allSettled(commands.map((command) => send(command)));
    return settled.map((outcome) => toEntry(outcome, base64));
  }

  // MULTI, the commands and EXEC are queued in one synchronous run, so they reach Redis back to back
  // on the shared connection and nothing from other requests can land inside the transaction.
  async function multiExec(commands: Command[], base64: boolean): Promise<[number, unknown]> {
    const chainId = Symbol('multi-exec');
    const multi = send(['MULTI'], chainId);
    const queued = commands.map((command) => send(command, chainId));
    const exec = send(['EXEC'], chainId);
    const [execOutcome, ...queueOutcomes] = await Promise.allSettled([exec, multi, ...queued]);
    if (execOutcome?.status === 'fulfilled' && Array.isArray(execOutcome.value)) {
      return [200, execOutcome.value.map((value) => toEntry({ status: 'fulfilled', value }, base64))];
    }
    // A command refused at queue time (syntax, unknown command) aborts the whole transaction.
    const reasons = queueOutcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    const cause = execOutcome?.status === 'rejected' ? execOutcome.reason : undefined;
    const first = reasons[0] ?? cause;
    if (!(first instanceof ErrorReply)) throw first ?? new Error('EXEC returned no reply');
    const abort = cause instanceof ErrorReply ? cause.message : 'EXECABORT Transaction discarded';
    return [400, { error: first === cause ? abort : `${abort} (${first.message})` }];
  }

  const server = createServer((req, res) => {
    handle(req).then(
      ([status, body]) => reply(res, status, body),
      (error: unknown) => {
        if (error instanceof HttpError) reply(res, error.status, { error: error.message });
        else reply(res, 500, { error: `ERR bridge: ${error instanceof Error ? error.message : error}` });
      },
    );
  });
  const host = opts.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await base.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      // The SDK keeps connections alive; without this, close() would wait for them to time out.
      server.closeAllConnections();
      await closed;
      await base.close();
    })();
    return closing;
  };
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port, close };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 405) headers.allow = 'POST';
  res.writeHead(status, headers).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new HttpError(413, `ERR request body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'ERR failed to parse the request body as JSON');
  }
}

function toCommand(body: unknown): Command {
  const isArg = (a: unknown): a is Arg => ['string', 'number', 'boolean'].includes(typeof a);
  if (!Array.isArray(body) || body.length === 0 || !body.every(isArg)) {
    throw new HttpError(400, 'ERR the body must be a JSON array of command arguments, like ["SET","k","v"]');
  }
  const command = body.map(String);
  const name = command[0]?.toUpperCase() ?? '';
  if (REFUSED.has(name) || ADMIN.has(name))
    throw new HttpError(400, `ERR ${name} is not supported over REST`);
  return upstashScripts(name, command);
}

// Upstash accepts a script flag Redis does not know, `allow-key-locking` (used by @upstash/ratelimit):
// it is dropped before the script reaches Redis, and EVALSHA of the script as the client hashed it
// is pointed at the script Redis actually stored.
const UPSTASH_ONLY_FLAGS = new Set(['allow-key-locking']);
const storedSha = new Map<string, string>();

function upstashScripts(name: string, command: Command): Command {
  if ((name === 'EVAL' || name === 'EVAL_RO') && command[1]?.startsWith('#!')) {
    const script = command[1];
    const newline = script.indexOf('\n');
    const shebang = newline === -1 ? script : script.slice(0, newline);
    const flags = /\bflags=([\w,-]*)/.exec(shebang);
    const kept = flags?.[1]?.split(',').filter((flag) => flag && !UPSTASH_ONLY_FLAGS.has(flag));
    if (!flags || kept?.length === flags[1]?.split(',').filter(Boolean).length) return command;
    const rewritten =
      shebang.replace(/\s*\bflags=[\w,-]*/, kept?.length ? ` flags=${kept.join(',')}` : '') +
      script.slice(shebang.length);
    storedSha.set(sha1(script), sha1(rewritten));
    return [command[0] as string, rewritten, ...command.slice(2)];
  }
  if (
    (name === 'EVALSHA' || name === 'EVALSHA_RO') &&
    command[1] &&
    storedSha.has(command[1].toLowerCase())
  ) {
    return [command[0] as string, storedSha.get(command[1].toLowerCase()) as string, ...command.slice(2)];
  }
  return command;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

function toCommands(body: unknown): Command[] {
  if (!Array.isArray(body) || body.length === 0) {
    throw new HttpError(
      400,
      'ERR the body must be a JSON array of commands, like [["SET","k","v"],["GET","k"]]',
    );
  }
  return body.map(toCommand);
}

function toEntry(outcome: PromiseSettledResult<unknown>, base64: boolean): Entry {
  if (outcome.status === 'fulfilled') {
    // Inside EXEC's reply, a failed command is an ErrorReply value rather than a rejection.
    const value = outcome.value;
    return value instanceof ErrorReply ? { error: value.message } : { result: encode(value, base64, true) };
  }
  if (outcome.reason instanceof ErrorReply) return { error: outcome.reason.message };
  throw outcome.reason;
}

// Buffers are bulk strings, JS strings are status replies (see the type mapping above).
function encode(value: unknown, base64: boolean, topLevel: boolean): unknown {
  if (Buffer.isBuffer(value)) return value.toString(base64 ? 'base64' : 'utf8');
  if (typeof value === 'string') {
    return base64 && !(topLevel && value === 'OK') ? Buffer.from(value).toString('base64') : value;
  }
  if (value instanceof Error) return encode(value.message, base64, false);
  if (Array.isArray(value)) return value.map((item) => encode(item, base64, false));
  return value;
}

// Run as its own process (the launcher does this, so the bridge — like Upstash — does not share the
// functions' event loop): REDIS_URL and BRIDGE_TOKEN from the environment, the URL printed as JSON.
if (import.meta.main) {
  const bridge = await startUpstashBridge({
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    token: process.env.BRIDGE_TOKEN ?? '',
  });
  process.stdout.write(`${JSON.stringify({ url: bridge.url })}\n`);
  onParentExit(bridge.close);
}
