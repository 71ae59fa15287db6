import { createConnection } from 'node:net';
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

  it('stop() ends it for good', async () => {
    const redis = await startRedis({ restart: { onGiveUp: () => {} } });
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await command(redis.port, 'PING')).toBeNull();
  });
});
