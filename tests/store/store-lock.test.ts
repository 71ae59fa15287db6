import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { withLock } from '../../functions/_lib/store-lock.ts';

const { store } = getDeps();
const busy = () => new Error('busy');

describe('store locks', () => {
  it('lets one holder in at a time and frees the lock after', async () => {
    const key = `t:${randomUUID()}:lock`;
    let inside = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        withLock(store, key, 10_000, busy, async () => {
          inside++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return 'done';
        }),
      ),
    );
    expect(inside).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason),
    ).toEqual(Array(4).fill(busy()));
    expect(await store.exists(key)).toBe(0);
    expect(await withLock(store, key, 10_000, busy, async () => 'again')).toBe('again');
  });

  it('a holder whose lock expired never releases the next holder’s', async () => {
    const key = `t:${randomUUID()}:lock`;
    await withLock(store, key, 50, busy, async () => {
      await new Promise((resolve) => setTimeout(resolve, 150)); // expired meanwhile
      await store.set(key, 'someone-else', { px: 10_000 });
    });
    expect(await store.get(key)).toBe('someone-else');
  });

  it('releases the lock when the work fails', async () => {
    const key = `t:${randomUUID()}:lock`;
    await expect(
      withLock(store, key, 10_000, busy, async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(await store.exists(key)).toBe(0);
  });
});
