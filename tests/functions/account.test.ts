import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changePassword } from '../../functions/_lib/account/account.ts';
import type { Caller } from '../../functions/_lib/auth/verify.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { createLocalAdmin } from '../../functions/_lib/identity/local-admin.ts';
import { LOCAL_PROVIDER_PREFIX, localSessionKeys } from '../../functions/_lib/identity/local-sessions.ts';
import { createUser, getUser, verifyPassword } from '../../functions/_lib/identity/local-users.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import updateEmail from '../../functions/user-updateemail.ts';
import updatePassword from '../../functions/user-updatepassword.ts';
import { activeMembership } from '../support/members.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

const { store } = getDeps();
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function member(name: string) {
  const email = uniqueEmail(name);
  const { sub } = await createUser(store, { email, password: 'first-pass' });
  return { sub, email, headers: await authHeader({ sub, email }) };
}

describe('POST /api/user/updateemail', () => {
  it("changes the caller's email, whatever userID the body names", async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const next = uniqueEmail('alice-new');
    const response = await updateEmail(
      post(
        '/api/user/updateemail',
        { email: next, userID: bob.sub, currentPassword: 'first-pass' },
        alice.headers,
      ),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ updated: true });
    expect((await getUser(store, alice.sub))?.email).toBe(next);
    expect((await getUser(store, bob.sub))?.email).toBe(bob.email);
  });

  it("moves a paying member's email in the operator's index: member emails go to the new address", async () => {
    const alice = await member('alice');
    await saveMembership(store, alice.sub, activeMembership(), { email: alice.email });
    const next = uniqueEmail('Alice-New').toUpperCase();
    const response = await updateEmail(
      post('/api/user/updateemail', { email: next, currentPassword: 'first-pass' }, alice.headers),
    );
    expect(response.status).toBe(200);
    expect(await store.hget(opsKeys.member(alice.sub), 'email')).toBe(next.toLowerCase());
    expect(await store.hget(opsKeys.email, next.toLowerCase())).toBe(alice.sub);
    expect(await store.hget(opsKeys.email, alice.email)).toBeNull();
  });

  it('leaves the index alone for an account that never paid (the first payment indexes it)', async () => {
    const alice = await member('alice');
    const next = uniqueEmail('alice-new');
    const response = await updateEmail(
      post('/api/user/updateemail', { email: next, currentPassword: 'first-pass' }, alice.headers),
    );
    expect(response.status).toBe(200);
    expect(await store.exists(opsKeys.member(alice.sub))).toBe(0);
    expect(await store.hget(opsKeys.email, next)).toBeNull();
  });

  it.each([
    ['', 'Email is Required'],
    ['   ', 'Email is Required'],
    ['not-an-email', 'Invalid Email'],
    ['a@b', 'Invalid Email'],
    ['two@@example.com', 'Invalid Email'],
    ['<img/src=x/onerror=alert(1)>@x.io', 'Invalid Email'],
    ['"quoted"@example.com', 'Invalid Email'],
    ['a@exa mple.com', 'Invalid Email'],
    ['a@-example.com', 'Invalid Email'],
    ['a@example.c', 'Invalid Email'],
    [`${'a'.repeat(65)}@example.com`, 'Invalid Email'],
  ])('rejects %j with "%s"', async (email, message) => {
    const alice = await member('alice');
    const response = await updateEmail(
      post('/api/user/updateemail', { email, currentPassword: 'first-pass' }, alice.headers),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
  });

  it("answers another account's email as any other, and changes neither account", async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const taken = await updateEmail(
      post(
        '/api/user/updateemail',
        { email: bob.email.toUpperCase(), currentPassword: 'first-pass' },
        alice.headers,
      ),
    );
    const carol = await member('carol');
    const free = await updateEmail(
      post(
        '/api/user/updateemail',
        { email: uniqueEmail('free'), currentPassword: 'first-pass' },
        carol.headers,
      ),
    );
    // Nothing tells an address has an account: the same status and body.
    expect([taken.status, await taken.json()]).toEqual([free.status, await free.json()]);
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
    expect((await getUser(store, bob.sub))?.email).toBe(bob.email);
  });

  it('answers 8 simultaneous changes with one 200 and 409s, the email index whole', async () => {
    const alice = await member('alice');
    const wanted = Array.from({ length: 8 }, (_, i) => uniqueEmail(`alice-${i}`));
    const answers = await Promise.all(
      wanted.map((email) =>
        updateEmail(post('/api/user/updateemail', { email, currentPassword: 'first-pass' }, alice.headers)),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(await answer.json()).toEqual({
        error: 'Your account was changed at the same moment; please try again',
      });
    // The account has exactly one of the addresses, and only that one signs in.
    const now = (await getUser(store, alice.sub))?.email ?? '';
    expect(wanted).toContain(now);
    for (const email of [alice.email, ...wanted])
      expect((await verifyPassword(store, email, 'first-pass'))?.sub ?? null).toBe(
        email === now ? alice.sub : null,
      );
  });

  it('answers "No User Found" for a valid token whose user does not exist', async () => {
    const headers = await authHeader({ sub: `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}` });
    const response = await updateEmail(
      post('/api/user/updateemail', { email: uniqueEmail('ghost'), currentPassword: 'x' }, headers),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No User Found' });
  });
});

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
    const grant = await fakeSignIn(alice.sub);
    const response = await fn(
      post(`/api/${name}`, { ...change(), currentPassword: 'guess-1' }, alice.headers),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'That is not your current password' });
    expect(await verifyPassword(store, alice.email, 'first-pass')).not.toBeNull();
    expect(await store.exists(...grant)).toBe(grant.length);
  });

  it('with the right one, changes and ends every sign-in: grants, refresh tokens, sessions', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const alices = [...(await fakeSignIn(alice.sub)), ...(await fakeSignIn(alice.sub))];
    const bobs = await fakeSignIn(bob.sub);
    const response = await fn(
      post(`/api/${name}`, { ...change(), currentPassword: 'first-pass' }, alice.headers),
    );
    expect(response.status).toBe(200);
    expect(await store.exists(...alices)).toBe(0);
    expect(await store.exists(localSessionKeys.account(alice.sub))).toBe(0);
    // Another member's sign-ins are not touched.
    expect(await store.exists(...bobs)).toBe(bobs.length);
  });
});

/**
 * One sign-in as the local provider's store adapter keeps it (scripts/local/oidc/store-adapter.ts):
 * a session and a grant indexed under the account, a refresh token indexed under the grant. The
 * provider's own journey (a real refresh token refused after a change) is in oidc-provider.test.ts.
 */
async function fakeSignIn(sub: string): Promise<string[]> {
  const id = randomUUID();
  const keys = {
    session: `${LOCAL_PROVIDER_PREFIX}Session:${id}`,
    grant: `${LOCAL_PROVIDER_PREFIX}Grant:${id}`,
    refresh: `${LOCAL_PROVIDER_PREFIX}RefreshToken:${id}`,
  };
  await store
    .multi()
    .set(keys.session, JSON.stringify({ accountId: sub }))
    .set(keys.grant, JSON.stringify({ accountId: sub }))
    .set(keys.refresh, JSON.stringify({ accountId: sub, grantId: id }))
    .sadd(localSessionKeys.grantTokens(id), keys.refresh)
    .sadd(localSessionKeys.account(sub), keys.session, keys.grant)
    .exec();
  return [keys.session, keys.grant, keys.refresh, localSessionKeys.grantTokens(id)];
}

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
      changePassword(failing, { sub: alice.sub } as Caller, {
        password: 'second-pass',
        currentPassword: 'first-pass',
      }),
    ).rejects.toThrow('provider down');
    expect(await verifyPassword(store, alice.email, 'first-pass')).not.toBeNull();
  });
});
