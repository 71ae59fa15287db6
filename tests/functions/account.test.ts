import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { createUser, getUser, verifyPassword } from '../../functions/_lib/identity/local-users.ts';
import updateEmail from '../../functions/user-updateemail.ts';
import updatePassword from '../../functions/user-updatepassword.ts';
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
      post('/api/user/updateemail', { email: next, userID: bob.sub }, alice.headers),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ updated: true });
    expect((await getUser(store, alice.sub))?.email).toBe(next);
    expect((await getUser(store, bob.sub))?.email).toBe(bob.email);
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
    const response = await updateEmail(post('/api/user/updateemail', { email }, alice.headers));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
  });

  it("refuses another account's email with 409", async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const response = await updateEmail(
      post('/api/user/updateemail', { email: bob.email.toUpperCase() }, alice.headers),
    );
    expect(response.status).toBe(409);
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
  });

  it('answers 8 simultaneous changes with one 200 and 409s, the email index whole', async () => {
    const alice = await member('alice');
    const wanted = Array.from({ length: 8 }, (_, i) => uniqueEmail(`alice-${i}`));
    const answers = await Promise.all(
      wanted.map((email) => updateEmail(post('/api/user/updateemail', { email }, alice.headers))),
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
      post('/api/user/updateemail', { email: uniqueEmail('ghost') }, headers),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No User Found' });
  });
});

describe('POST /api/user/updatepassword', () => {
  it("changes the caller's password", async () => {
    const alice = await member('alice');
    const response = await updatePassword(
      post('/api/user/updatepassword', { password: 'second-pass' }, alice.headers),
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
    const response = await updatePassword(post('/api/user/updatepassword', { password }, alice.headers));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await verifyPassword(store, alice.email, 'first-pass')).not.toBeNull();
  });

  it('requires a body field of the right type', async () => {
    const alice = await member('alice');
    const response = await updatePassword(
      post('/api/user/updatepassword', { password: 123456 }, alice.headers),
    );
    expect(response.status).toBe(400);
  });
});
