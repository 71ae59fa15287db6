// The sign-up counts behind /u/signup (scripts/local/oidc/signup-throttle.ts) with their default
// numbers, on the test Redis: per email from any client address, per client address for any email.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { signUpThrottle } from '../../scripts/local/oidc/signup-throttle.ts';

const { store } = getDeps();
const newEmail = () => `member.${randomUUID()}@example.test`;
// Documentation addresses, made unique per test: the counts live in the shared test store.
const newClient = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;

function clock() {
  let at = 1_700_000_000_000;
  return {
    now: () => at,
    advance: (s: number) => {
      at += s * 1000;
    },
  };
}

describe('sign-up throttle (defaults)', () => {
  it('allows 5 sign-ups of one email in 15 minutes from any client address', async () => {
    const time = clock();
    const throttle = signUpThrottle(store, undefined, time.now);
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect(await throttle.attempt(email, newClient())).toBe(0);
    expect(await throttle.attempt(email.toUpperCase(), newClient())).toBe(900);
    time.advance(14 * 60);
    // A refused attempt counts, but the window still ends 15 minutes after it began.
    expect(await throttle.attempt(email, newClient())).toBe(60);
    time.advance(60);
    expect(await throttle.attempt(email, newClient())).toBe(0);
  });

  it('allows 20 sign-ups an hour from one client address, whatever the emails', async () => {
    const time = clock();
    const throttle = signUpThrottle(store, undefined, time.now);
    const client = newClient();
    for (let i = 0; i < 20; i++) expect(await throttle.attempt(newEmail(), client)).toBe(0);
    expect(await throttle.attempt(newEmail(), client)).toBe(3600);
    expect(await throttle.attempt(newEmail(), newClient())).toBe(0);
    time.advance(60 * 60);
    expect(await throttle.attempt(newEmail(), client)).toBe(0);
  });

  it('keeps neither the email nor the client address in the store', async () => {
    const keys: string[] = [];
    const watched = new Proxy(store, {
      get: (target, name) =>
        name === 'eval'
          ? (script: string, names: string[], args: string[]) => {
              keys.push(...names);
              return target.eval(script, names, args);
            }
          : Reflect.get(target, name),
    });
    const email = newEmail();
    const client = newClient();
    await signUpThrottle(watched).attempt(email, client);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^idp:signup-(email|client):[0-9a-f]{64}$/);
  });
});
