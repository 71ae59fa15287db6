import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/local/redis.ts';

/** One raw RESP command (inline form) and its first reply line; null when nothing answers. */
function command(port: number, line: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (value: string | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(1_000, () => done(null));
    socket.once('error', () => done(reply === '' ? null : reply));
    socket.once('close', () => done(reply === '' ? null : reply));
    socket.once('connect', () => socket.write(`${line}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n') && !reply.startsWith('$')) done(reply.split('\r\n')[0] ?? '');
      else if (
        /^\$-?\d+\r\n(.*\r\n)?/s.test(reply) &&
        (reply.startsWith('$-1') || reply.split('\r\n').length > 2)
      )
        done(reply.split('\r\n')[1] ?? null);
    });
  });
}

/** The pid of the redis-server on `port` (from INFO server). */
function serverPid(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    socket.once('error', reject);
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      const pid = /process_id:(\d+)/.exec(reply)?.[1];
      if (pid) {
        socket.destroy();
        resolve(Number(pid));
      }
    });
  });
}

/**
 * Waits for a state. The bound only catches a hang: a restart may itself wait up to 10 s for a new
 * redis-server to answer (scripts/local/redis.ts), longer than a fast machine ever needs.
 */
async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Six restarts on a busy machine: each may take seconds (see `until`). */
const RESTARTS_BOUND_MS = 180_000;

describe('the local Redis supervisor (npm start)', () => {
  it(
    'starts redis-server again on the same port when it dies, with its data',
    async () => {
      const givenUp: string[] = [];
      const redis = await startRedis({ persist: true, restart: { onGiveUp: (m) => givenUp.push(m) } });
      try {
        expect(await command(redis.port, 'SET kept yes')).toBe('+OK');
        const first = redis.exited;
        await command(redis.port, 'SHUTDOWN NOSAVE');
        await first;
        await until(async () => (await command(redis.port, 'PING')) === '+PONG');
        expect(await command(redis.port, 'GET kept')).toBe('yes');
        expect(givenUp).toEqual([]);
      } finally {
        await redis.stop();
      }
    },
    RESTARTS_BOUND_MS,
  );

  it(
    'gives up, saying why, when it keeps dying',
    async () => {
      const givenUp: string[] = [];
      const redis = await startRedis({ restart: { onGiveUp: (m) => givenUp.push(m) } });
      try {
        for (let i = 0; i < 8; i++) {
          // The supervisor sees each death after this loop does: wait for it to restart or give up.
          await until(async () => givenUp.length > 0 || (await command(redis.port, 'PING')) === '+PONG');
          if (givenUp.length > 0) break;
          const died = redis.exited;
          await command(redis.port, 'SHUTDOWN NOSAVE');
          await died;
        }
        await until(async () => givenUp.length > 0);
        expect(givenUp[0]).toMatch(/stopped 6 times in a minute; not restarting it/);
      } finally {
        await redis.stop();
      }
    },
    RESTARTS_BOUND_MS,
  );

  it(
    'is left alone by Ctrl-C in the terminal: the launcher stops it, and nothing says it died',
    async () => {
      // A launcher as npm start is one (scripts/start.ts): supervised Redis, and on SIGINT the rest
      // stopped first (here: a pause), then Redis. Run in a process group of its own, so the SIGINT
      // sent to that group is what a terminal sends to the foreground group on Ctrl-C.
      const redisModule = fileURLToPath(new URL('../../scripts/local/redis.ts', import.meta.url));
      const launcher = `
        import { startRedis } from ${JSON.stringify(redisModule)};
        const redis = await startRedis({ restart: { onGiveUp: (m) => console.error(m) } });
        process.on('SIGINT', async () => {
          console.error('stopping');
          await new Promise((resolve) => setTimeout(resolve, 500));
          await redis.stop();
          console.error('stopped');
          process.exit(0);
        });
        console.log(redis.port);
      `;
      const node = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
      const child = spawn(node, ['--input-type=module', '-e', launcher], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      child.stderr.on('data', (chunk) => {
        said += String(chunk);
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const port = Number(
        await new Promise<string>((resolve) =>
          createInterface({ input: child.stdout }).once('line', resolve),
        ),
      );
      const group = (processId: number) =>
        readFileSync(`/proc/${processId}/stat`, 'utf8').split(') ')[1]?.split(' ')[2];
      const redisPid = await serverPid(port);
      expect(redisPid).toBeGreaterThan(0);
      // Not in the launcher's group: the terminal's Ctrl-C does not reach it.
      expect(group(redisPid)).not.toBe(group(child.pid ?? 0));

      process.kill(-(child.pid ?? 0), 'SIGINT');
      expect(await exited).toBe(0);
      expect(said.trim().split('\n').at(-1)).toBe('stopped');
      expect(said).not.toMatch(/unexpectedly|starting it again/);
      expect(await command(port, 'PING')).toBeNull();
    },
    RESTARTS_BOUND_MS,
  );

  it('stop() ends it for good', async () => {
    const redis = await startRedis({ restart: { onGiveUp: () => {} } });
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await command(redis.port, 'PING')).toBeNull();
  });
});
