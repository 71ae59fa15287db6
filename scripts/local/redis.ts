// Starts and stops a real `redis-server` child process for `npm start` (persistent, under .data/redis)
// and for tests (throw-away, temp dir). Never touches a Redis the machine may already run on 6379:
// without an explicit port it always picks a free one.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface RedisOptions {
  /** Data directory (`--dir`), created if missing. Default: a temp dir removed by `stop()`. */
  dir?: string;
  /** TCP port on 127.0.0.1. Default: a free port. */
  port?: number;
  /** Keep data across restarts (append-only file). Default: false. */
  persist?: boolean;
  /**
   * Start it again, on the same port and data, when it dies (`npm start`): the bridge and the
   * functions reconnect by themselves. Called with a message after too many restarts in a row.
   */
  restart?: { onGiveUp(message: string): void };
}

export interface RunningRedis {
  port: number;
  url: string;
  /** Resolves when this redis-server process has ended, for whatever reason. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** Restarts allowed within RESTART_WINDOW_MS before the supervisor gives up (a crash loop). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

const NOT_INSTALLED = 'redis-server is not installed. Install it with: sudo apt-get install -y redis-server';
const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
const LOG_TAIL_CHARS = 4_000;

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this PATH entry
    }
  }
  return undefined;
}

export function redisServerInstalled(): boolean {
  return onPath('redis-server') !== undefined;
}

export async function startRedis(opts: RedisOptions = {}): Promise<RunningRedis> {
  if (!redisServerInstalled()) throw new Error(NOT_INSTALLED);
  const ownDir = opts.dir === undefined;
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'otc-redis-'));
  mkdirSync(dir, { recursive: true });
  // A free port can be taken between our probe and redis' bind: retry with another one,
  // unless the caller asked for a specific port.
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    try {
      const first = await launch(dir, port, opts.persist ?? false, ownDir && !opts.restart);
      return opts.restart ? supervise(first, dir, opts.persist ?? false, ownDir, opts.restart) : first;
    } catch (error) {
      const collision = error instanceof Error && error.message.includes('Address already in use');
      if (!collision || opts.port !== undefined || attempt >= 5) {
        if (ownDir) rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

/**
 * Keeps a redis-server running: when it dies (killed, crashed, out of memory) a new one starts on the
 * same port and data directory, so REDIS_URL stays true; with persistence on, the append-only file
 * brings the data back. Too many deaths in a minute is a crash loop: it stops and says so.
 */
function supervise(
  first: RunningRedis,
  dir: string,
  persist: boolean,
  ownDir: boolean,
  { onGiveUp }: { onGiveUp(message: string): void },
): RunningRedis {
  let current = first;
  let stopped = false;
  const deaths: number[] = [];
  const watch = async () => {
    while (!stopped) {
      await current.exited;
      if (stopped) return;
      const now = Date.now();
      deaths.push(now);
      while ((deaths[0] ?? now) < now - RESTART_WINDOW_MS) deaths.shift();
      if (deaths.length > MAX_RESTARTS) {
        onGiveUp(
          `redis-server (port ${first.port}) stopped ${deaths.length} times in a minute; not restarting it. See its log in ${dir}.`,
        );
        return;
      }
      console.error(`[redis] redis-server on port ${first.port} stopped unexpectedly; starting it again`);
      try {
        current = await launch(dir, first.port, persist, false);
        console.error(`[redis] back on port ${first.port}`);
      } catch (error) {
        // The port may still be held for a moment: the next turn of the loop counts and retries.
        console.error(`[redis] could not start it again: ${(error as Error).message.split('\n')[0]}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        current = { ...current, exited: Promise.resolve() };
      }
    }
  };
  void watch();
  return {
    port: first.port,
    url: first.url,
    get exited() {
      return current.exited;
    },
    stop: async () => {
      stopped = true;
      await current.stop();
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port on 127.0.0.1 that was free a moment ago (callers retry on a collision). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function launch(dir: string, port: number, persist: boolean, ownDir: boolean): Promise<RunningRedis> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'no', '--dir', dir];
  // No pidfile: a stale one left by a crashed run can never block a new start.
  args.push('--pidfile', '', '--save', '', '--appendonly', persist ? 'yes' : 'no');
  const child = spawnTiedToParent(args);
  let log = '';
  const keepTail = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      spawnError = error;
      resolve();
    });
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null && !spawnError;
  // Ends redis when this process exits normally (process.exit, empty event loop).
  const killOnExit = () => child.kill('SIGTERM');
  process.on('exit', killOnExit);

  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while ((await serverPid(port)) !== child.pid) {
      if (!running()) throw new Error(`redis-server exited during start-up (port ${port})`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer PING on port ${port} in time`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    // Let the last lines of redis' log (usually the reason) arrive before quoting them.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    process.off('exit', killOnExit);
    const reason = spawnError?.message ?? (error as Error).message;
    throw new Error(`${reason}\n${log.trim()}`);
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  };
  return { port, url: `redis://127.0.0.1:${port}`, exited, stop };
}

// On Linux, `setpriv --pdeathsig` has the kernel stop redis when this process dies, even on SIGKILL
// or a crash, which no exit handler can catch. Elsewhere the exit handler is the only guard.
// In a process group of its own (`detached`): Ctrl-C in the terminal signals the whole foreground
// group, and redis would die of it while the launcher is still stopping the rest, which the
// supervisor would take for a crash and restart. Only the launcher stops it (`stop()`, the exit
// handler, the parent-death signal).
function spawnTiedToParent(args: string[]): ChildProcess {
  const options = { stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'], detached: true };
  const setpriv = process.platform === 'linux' ? onPath('setpriv') : undefined;
  if (setpriv) return spawn(setpriv, ['--pdeathsig', 'TERM', '--', 'redis-server', ...args], options);
  return spawn('redis-server', args, options);
}

// Asks the server on `port` for its pid over raw RESP. Matching the child's pid proves that the
// answer comes from our redis (not another server already on that port) and that it has finished
// loading its data (a loading server answers -LOADING).
function serverPid(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (pid: number | undefined) => {
      socket.destroy();
      resolve(pid);
    };
    socket.setTimeout(1_000, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      const pid = /process_id:(\d+)/.exec(reply)?.[1];
      if (pid) done(Number(pid));
      else if (reply.startsWith('-')) done(undefined);
    });
  });
}
