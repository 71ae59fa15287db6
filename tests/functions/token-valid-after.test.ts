import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../functions/_lib/account/deletion.ts';
import { endAccessTokens, VALID_AFTER_TTL_S, validAfterKey } from '../../functions/_lib/auth/valid-after.ts';
import { getBillingPorts } from '../../functions/_lib/billing/billing-ports.ts';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { createLocalAdmin } from '../../functions/_lib/identity/local-admin.ts';
import { createUser } from '../../functions/_lib/identity/local-users.ts';
import articles from '../../functions/articles.ts';
import audio from '../../functions/audio.ts';
import operatorMembers from '../../functions/operator-members.ts';
import subscriptionStatus from '../../functions/subscription-status.ts';
import signOut from '../../functions/user-signout.ts';
import updatePassword from '../../functions/user-updatepassword.ts';
import { activeMembership } from '../support/members.ts';
import { post } from '../support/requests.ts';
import { fakeSignIn } from '../support/sign-ins.ts';
import { authHeader, OPERATOR_PERMISSIONS } from '../support/tokens.ts';

const { store } = getDeps();
const nowS = () => Math.floor(Date.now() / 1000);

/** A paying member with a password, and tokens for them issued `secondsAgo` before now. */
async function member() {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  const { sub } = await createUser(store, { email, password: 'first-pass' });
  await store.set(membershipKey(sub), JSON.stringify(activeMembership()));
  const token = (secondsAgo = 0) => authHeader({ sub, email, issuedAt: nowS() - secondsAgo });
  return { sub, email, token };
}

// One of each way a signed-in call is judged: the membership read with the endpoint's own first
// pipeline, the membership alone before `run`, a signed-in call without a membership read, and an
// operator's read (settled beside its first store read).
const calls = {
  'a member call reading in its first pipeline (audio)': (h: Record<string, string>) =>
    audio(post('/api/audio', {}, h)),
  'a member call judged before run (articles)': (h: Record<string, string>) =>
    articles(post('/api/articles', {}, h)),
  'a signed-in call without a membership read (subscription/status)': (h: Record<string, string>) =>
    subscriptionStatus(post('/api/subscription/status', {}, h)),
};

describe('a token taken before the account changed', () => {
  it('gets 401 on the next call after a password change; a token taken after it works', async () => {
    const alice = await member();
    // Taken a second before the change: tokens carry their issue time in whole seconds.
    const before = await alice.token(1);
    for (const call of Object.values(calls)) expect((await call(before)).status).toBe(200);

    const changed = await updatePassword(
      post('/api/user/updatepassword', { password: 'second-pass', currentPassword: 'first-pass' }, before),
    );
    expect(changed.status).toBe(200);

    for (const [name, call] of Object.entries(calls)) {
      const answer = await call(before);
      expect([name, answer.status, await answer.json()]).toEqual([
        name,
        401,
        { error: 'Sign in to continue' },
      ]);
    }
    const after = await alice.token();
    for (const call of Object.values(calls)) expect((await call(after)).status).toBe(200);
  });

  it('gets 401 after "sign out everywhere", which ends every sign-in too', async () => {
    const alice = await member();
    const before = await alice.token(1);
    const sessions = await fakeSignIn(store, alice.sub);
    const answer = await signOut(post('/api/user/signout', {}, before));
    expect([answer.status, await answer.json()]).toEqual([200, { signedOut: true }]);
    expect(await store.exists(...sessions)).toBe(0);
    for (const call of Object.values(calls)) expect((await call(before)).status).toBe(401);
    // No password is asked: it only takes access away. A second one with the old token is a 401.
    expect((await signOut(post('/api/user/signout', {}, before))).status).toBe(401);
  });

  it('is refused on signed-in writes: a second password change with the old token changes nothing', async () => {
    const alice = await member();
    const before = await alice.token(1);
    await endAccessTokens(store, alice.sub, Date.now());
    const again = await updatePassword(
      post('/api/user/updatepassword', { password: 'third-pass', currentPassword: 'first-pass' }, before),
    );
    expect(again.status).toBe(401);
    expect(await createLocalAdmin(store).verifyPassword(alice.sub, 'first-pass')).toBe(true);
  });

  it("gets 401 once the account is deleted (a deleted account's token passes nothing)", async () => {
    const alice = await member();
    const before = await alice.token(1);
    await store.del(membershipKey(alice.sub)); // no subscription at the local billing to end
    await deleteAccount(
      { ...getDeps(), ...getBillingPorts(), ...getChatPorts(), identityAdmin: createLocalAdmin(store) },
      { sub: alice.sub, email: alice.email, customerId: null },
      { password: 'first-pass' },
    );
    const status = await subscriptionStatus(post('/api/subscription/status', {}, before));
    expect(status.status).toBe(401);
  });

  it("ends an operator's older tokens too", async () => {
    const sub = `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const headers = await authHeader({ sub, permissions: OPERATOR_PERMISSIONS, issuedAt: nowS() - 1 });
    const read = () => operatorMembers(post('/api/operator/members', {}, headers));
    expect((await read()).status).toBe(200);
    await endAccessTokens(store, sub, Date.now());
    expect((await read()).status).toBe(401);
  });

  it('keeps the time no longer than any token lives, under a key that names no one', async () => {
    const alice = await member();
    await endAccessTokens(store, alice.sub, Date.now());
    expect(validAfterKey(alice.sub)).not.toContain(alice.sub);
    const ttl = await store.ttl(validAfterKey(alice.sub));
    expect(ttl).toBeGreaterThan(VALID_AFTER_TTL_S - 60);
    expect(ttl).toBeLessThanOrEqual(VALID_AFTER_TTL_S);
  });
});
