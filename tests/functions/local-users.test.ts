import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import {
  createUser,
  EmailTakenError,
  getUser,
  getUserByEmail,
  InvalidEmailError,
  setCustomerId,
  UserNotFoundError,
  updateEmail,
  updatePassword,
  userKeys,
  verifyPassword,
  WeakPasswordError,
} from '../../functions/_lib/identity/local-users.ts';
import { hashEntries } from '../../functions/_lib/store.ts';

// The user keys are global (idp:…), so every test uses its own random emails.
const { store } = getDeps();
const email = (name = 'member') => `${name}.${randomUUID()}@example.test`;

describe('local users', () => {
  it('creates a user with an Auth0-style subject and verifies the password', async () => {
    const address = email();
    const { sub } = await createUser(store, { email: address, password: 'secret1' });
    expect(sub).toMatch(/^auth0\|[0-9a-f]{24}$/);
    const user = await verifyPassword(store, address, 'secret1');
    expect(user).toEqual({ sub, email: address, customerId: null, createdAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(user?.createdAt ?? ''))).toBe(false);
    expect(await getUser(store, sub)).toEqual(user);
    expect(await getUserByEmail(store, address)).toEqual(user);
  });

  it('rejects a wrong password and an unknown email alike', async () => {
    const address = email();
    await createUser(store, { email: address, password: 'secret1' });
    expect(await verifyPassword(store, address, 'secret2')).toBeNull();
    expect(await verifyPassword(store, email('nobody'), 'secret1')).toBeNull();
    expect(await getUser(store, 'auth0|000000000000000000000000')).toBeNull();
  });

  it('normalizes emails (trimmed, lower-case) for sign-up and sign-in', async () => {
    const address = email('Mixed.Case');
    const { sub } = await createUser(store, { email: `  ${address.toUpperCase()} `, password: 'secret1' });
    expect((await getUser(store, sub))?.email).toBe(address.toLowerCase());
    expect((await verifyPassword(store, ` ${address} `, 'secret1'))?.sub).toBe(sub);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const address = email();
    await createUser(store, { email: address, password: 'secret1' });
    await expect(createUser(store, { email: address.toUpperCase(), password: 'other12' })).rejects.toThrow(
      EmailTakenError,
    );
    expect(await verifyPassword(store, address, 'other12')).toBeNull();
  });

  it.each([
    ['not-an-email', 'secret1', InvalidEmailError],
    ['a@b', 'secret1', InvalidEmailError],
    ['', 'secret1', InvalidEmailError],
    [email(), '12345', WeakPasswordError],
    [email(), '', WeakPasswordError],
  ])('validates %j / %j', async (address, password, error) => {
    await expect(createUser(store, { email: address, password })).rejects.toThrow(error);
  });

  it('accepts a password of exactly 7 characters and refuses 6 ("longer than 6")', async () => {
    const address = email();
    await expect(createUser(store, { email: address, password: '123456' })).rejects.toThrow(
      'Must be longer than 6 Characters',
    );
    await createUser(store, { email: address, password: '1234567' });
    expect(await verifyPassword(store, address, '1234567')).not.toBeNull();
  });

  it('never stores the password in clear: a salted scrypt hash', async () => {
    const [a, b] = [email(), email()];
    const one = await createUser(store, { email: a, password: 'same-password' });
    const two = await createUser(store, { email: b, password: 'same-password' });
    const raw = async (sub: string) =>
      new Map(await hashEntries(store, userKeys.user(sub))).get('password') ?? '';
    const [hashOne, hashTwo] = [await raw(one.sub), await raw(two.sub)];
    expect(hashOne).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hashOne).not.toContain('same-password');
    expect(hashOne).not.toBe(hashTwo);
  });

  it('moves the email index when the email changes', async () => {
    const [before, after] = [email('before'), email('after')];
    const { sub } = await createUser(store, { email: before, password: 'secret1' });
    await updateEmail(store, sub, ` ${after.toUpperCase()}`);
    expect((await getUser(store, sub))?.email).toBe(after);
    expect(await store.get(userKeys.email(before))).toBeNull();
    expect(await store.get(userKeys.email(after))).toBe(sub);
    expect(await verifyPassword(store, before, 'secret1')).toBeNull();
    expect((await verifyPassword(store, after, 'secret1'))?.sub).toBe(sub);
    // The old email is free again.
    const other = await createUser(store, { email: before, password: 'secret2' });
    expect(other.sub).not.toBe(sub);
    // Same email again is a no-op.
    await updateEmail(store, sub, after);
    expect(await store.get(userKeys.email(after))).toBe(sub);
  });

  it('refuses to move to an email that is taken, and changes nothing', async () => {
    const [mine, theirs] = [email('mine'), email('theirs')];
    const me = await createUser(store, { email: mine, password: 'secret1' });
    const them = await createUser(store, { email: theirs, password: 'secret2' });
    await expect(updateEmail(store, me.sub, theirs)).rejects.toThrow(EmailTakenError);
    expect((await getUser(store, me.sub))?.email).toBe(mine);
    expect(await store.get(userKeys.email(mine))).toBe(me.sub);
    expect(await store.get(userKeys.email(theirs))).toBe(them.sub);
    await expect(updateEmail(store, me.sub, 'nope')).rejects.toThrow(InvalidEmailError);
  });

  it('updates the password', async () => {
    const address = email();
    const { sub } = await createUser(store, { email: address, password: 'secret1' });
    await updatePassword(store, sub, 'better-secret');
    expect(await verifyPassword(store, address, 'secret1')).toBeNull();
    expect((await verifyPassword(store, address, 'better-secret'))?.sub).toBe(sub);
    await expect(updatePassword(store, sub, 'short')).rejects.toThrow('Must be longer than 6 Characters');
  });

  it('sets the payment customer id', async () => {
    const { sub } = await createUser(store, { email: email(), password: 'secret1' });
    await setCustomerId(store, sub, 'cus_local_123');
    expect((await getUser(store, sub))?.customerId).toBe('cus_local_123');
  });

  it('reports unknown users on updates without creating them', async () => {
    const sub = `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    await expect(setCustomerId(store, sub, 'cus_x')).rejects.toThrow(UserNotFoundError);
    await expect(updatePassword(store, sub, 'secret1')).rejects.toThrow(UserNotFoundError);
    await expect(updateEmail(store, sub, email())).rejects.toThrow(UserNotFoundError);
    expect(await store.exists(userKeys.user(sub))).toBe(0);
  });
});
