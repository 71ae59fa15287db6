import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changePassword } from '../../functions/_lib/account/account.ts';
import type { Caller } from '../../functions/_lib/auth/verify.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { createLocalAdmin } from '../../functions/_lib/identity/local-admin.ts';
import { localSessionKeys } from '../../functions/_lib/identity/local-sessions.ts';
import { createUser, verifyPassword } from '../../functions/_lib/identity/local-users.ts';
import updateEmail from '../../functions/user-updateemail.ts';
import updatePassword from '../../functions/user-updatepassword.ts';
import { post } from '../support/requests.ts';
import { fakeSignIn } from '../support/sign-ins.ts';
import { authHeader } from '../support/tokens.ts';

const { store } = getDeps();
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function member(name: string) {
  const email = uniqueEmail(name);
  const { sub } = await createUser(store, { email, password: 'first-pass' });
  return { sub, email, headers: await authHeader({ sub, email }) };
}

describe('POST /api/user/updatepassword', () => {
  it("changes the caller's password", async () => {
    const alice = await member('alice');
    const response = await updatePassword(
      post(
        '/api/user/updatepassword',
        { password: 'second-pass', currentPassword: 'first-pass' },
        alice.headers,
      ),
    );
    expect(response.status).toBe(200);
    expect(await verifyPassword(store, alice.email, 'second-pass')).not.toBeNull();
    expect(await verifyPassword(store, alice.email, 'first-pass')).toBeNull();
  });

  it.each([
    ['', 'Both fields are Required'],
    ['12345', 'Must be longer than 6 Characters'],
  ])('rejects %j with "%s" and keeps the old password', async (password, message) => {
    const alice = await member('alice');
    const response = await updatePassword(
      post('/api/user/updatepassword', { password, currentPassword: 'first-pass' }, alice.headers),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await verifyPassword(store, alice.email, 'first-pass')).not.toBeNull();
  });

  it('requires a body field of the right type', async () => {
    const alice = await member('alice');
    const response = await updatePassword(
      post('/api/user/updatepassword', { password: 123456, currentPassword: 'first-pass' }, alice.headers),
    );
    expect(response.status).toBe(400);
  });
});

// A stolen access token must not become a lasting takeover: both changes need the current password,
// and end every sign-in of the member.
describe.each([
  ['user/updateemail', updateEmail, () => ({ email: uniqueEmail('new') })],
  ['user/updatepassword', updatePassword, () => ({ password: 'second-pass' })],
] as const)('POST /api/%s needs the current password', (name, fn, change) => {
  it('refuses a request without it (400), changing nothing', async () => {
    const alice = await member('alice');
    const response = await fn(post(`/api/${name}`, change(), alice.headers));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'currentPassword: Enter your current password' });
    expect(await verifyPassword(store, alice.email, 'first-pass')).not.toBeNull();
  });

  it('refuses a wrong one (403), changing nothing and ending no sign-in', async () => {
    const alice = await member('alice');
    const grant = await fakeSignIn(store, alice.sub);
    const response = await fn(
      post(`/api/${name}`, { ...change(), currentPassword: 'guess-1' }, alice.headers),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'That is not your current password' });
    expect(await verifyPassword(store, alice.email, 'first-pass')).not.toBeNull();
    expect(await store.exists(...grant)).toBe(grant.length);
  });
});

describe('POST /api/user/updatepassword with the right current password', () => {
  it('changes it and ends every sign-in: grants, refresh tokens, sessions', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const alices = [...(await fakeSignIn(store, alice.sub)), ...(await fakeSignIn(store, alice.sub))];
    const bobs = await fakeSignIn(store, bob.sub);
    const response = await updatePassword(
      post(
        '/api/user/updatepassword',
        { password: 'second-pass', currentPassword: 'first-pass' },
        alice.headers,
      ),
    );
    expect(response.status).toBe(200);
    expect(await store.exists(...alices)).toBe(0);
    expect(await store.exists(localSessionKeys.account(alice.sub))).toBe(0);
    // Another member's sign-ins are not touched.
    expect(await store.exists(...bobs)).toBe(bobs.length);
  });
});

describe('a provider failing mid-change', () => {
  it('ends the sign-ins first: when that fails, the password is not changed', async () => {
    const alice = await member('alice');
    const failing = {
      identityAdmin: {
        ...createLocalAdmin(store),
        endAllSignIns: () => Promise.reject(new Error('provider down')),
      },
    };
    await expect(
      changePassword({ ...failing, store, now: Date.now }, { sub: alice.sub } as Caller, {
        password: 'second-pass',
        currentPassword: 'first-pass',
      }),
    ).rejects.toThrow('provider down');
    expect(await verifyPassword(store, alice.email, 'first-pass')).not.toBeNull();
  });
});
