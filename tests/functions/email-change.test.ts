import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../functions/_lib/account/deletion.ts';
import { confirmEmailLink, emailLinkKeys, LINK_TTL_S } from '../../functions/_lib/account/email-change.ts';
import { getBillingPorts } from '../../functions/_lib/billing/billing-ports.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { createLocalAdmin } from '../../functions/_lib/identity/local-admin.ts';
import { localSessionKeys } from '../../functions/_lib/identity/local-sessions.ts';
import { createUser, getUser, verifyPassword } from '../../functions/_lib/identity/local-users.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import { hashEntries } from '../../functions/_lib/store.ts';
import subscriptionStatus from '../../functions/subscription-status.ts';
import confirmEmail from '../../functions/user-confirmemail.ts';
import updateEmail from '../../functions/user-updateemail.ts';
import {
  followLink,
  linkTo as linkToIn,
  queuedTo as queuedToIn,
  someClient,
} from '../support/email-links.ts';
import { activeMembership } from '../support/members.ts';
import { post } from '../support/requests.ts';
import { fakeSignIn } from '../support/sign-ins.ts';
import { authHeader } from '../support/tokens.ts';

const deps = getDeps();
const { store } = deps;
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function member(name: string) {
  const email = uniqueEmail(name);
  const { sub } = await createUser(store, { email, password: 'first-pass' });
  // Taken a second before anything below: tokens carry their issue time in whole seconds.
  const headers = await authHeader({ sub, email, issuedAt: Math.floor(Date.now() / 1000) - 1 });
  return { sub, email, headers };
}

const ask = (headers: Record<string, string>, email: string, currentPassword = 'first-pass') =>
  updateEmail(post('/api/user/updateemail', { email, currentPassword }, headers));

const client = someClient;
const confirm = followLink;

const queuedTo = (address: string) => queuedToIn(store, address);
const linkTo = (address: string) => linkToIn(store, address);

describe('POST /api/user/updateemail', () => {
  it('mails a link to the new address and changes nothing yet', async () => {
    const alice = await member('alice');
    const next = uniqueEmail('Alice-New');
    const response = await ask(alice.headers, next);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true, email: next.toLowerCase() });
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
    const { job, purpose } = await linkTo(next.toLowerCase());
    expect(purpose).toBe('change');
    expect(job.template).toBe('email-confirm');
    expect(job.data.newEmail).toBe(next.toLowerCase());
    // The store keeps the token's digest only.
    const { token } = await linkTo(next.toLowerCase());
    expect(await store.keys(`*${token}*`)).toEqual([]);
  });

  it('keeps only the newest link working', async () => {
    const alice = await member('alice');
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await ask(alice.headers, first)).status).toBe(200);
    const older = await linkTo(first);
    expect((await ask(alice.headers, second)).status).toBe(200);
    expect((await confirm(older.token)).status).toBe(410);
    expect((await confirm((await linkTo(second)).token)).status).toBe(200);
    expect((await getUser(store, alice.sub))?.email).toBe(second);
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
  ])('refuses %j with "%s", mailing nothing', async (email, message) => {
    const alice = await member('alice');
    const response = await ask(alice.headers, email);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await store.exists(emailLinkKeys.member(alice.sub))).toBe(0);
  });

  it('refuses the address the account already has', async () => {
    const alice = await member('alice');
    const response = await ask(alice.headers, alice.email.toUpperCase());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'That is already your email' });
  });

  it('refuses a wrong current password (403), mailing nothing', async () => {
    const alice = await member('alice');
    const next = uniqueEmail('new');
    const response = await ask(alice.headers, next, 'guess-1');
    expect(response.status).toBe(403);
    expect(await queuedTo(next)).toEqual([]);
  });

  it("answers another account's address as any other; its link then changes nothing", async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const carol = await member('carol');
    const taken = await ask(alice.headers, bob.email.toUpperCase());
    const free = await ask(carol.headers, uniqueEmail('free'));
    // Nothing tells the requester an address has an account: the same status and body shape.
    expect(taken.status).toBe(free.status);
    expect(Object.keys(await taken.json())).toEqual(Object.keys(await free.json()));
    // Bob's inbox gets the link; following it changes neither account, and says why to him.
    const answer = await confirm((await linkTo(bob.email)).token);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      error: `${bob.email} belongs to another account now: nothing was changed`,
    });
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
    expect((await getUser(store, bob.sub))?.email).toBe(bob.email);
  });

  it('answers "No User Found" for a valid token whose user does not exist', async () => {
    const headers = await authHeader({ sub: `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}` });
    const response = await ask(headers, uniqueEmail('ghost'), 'x');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No User Found' });
  });
});

describe('POST /api/user/confirmemail', () => {
  it('changes the email, ends every sign-in and older token, moves the index and tells the old address', async () => {
    const alice = await member('alice');
    await saveMembership(store, alice.sub, activeMembership(), { email: alice.email });
    const sessions = [...(await fakeSignIn(store, alice.sub)), ...(await fakeSignIn(store, alice.sub))];
    const next = uniqueEmail('alice-new');
    await ask(alice.headers, next);

    const answer = await confirm((await linkTo(next)).token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ email: next, restored: false });
    expect((await getUser(store, alice.sub))?.email).toBe(next);
    expect(await verifyPassword(store, next, 'first-pass')).not.toBeNull();
    expect(await verifyPassword(store, alice.email, 'first-pass')).toBeNull();
    // Every sign-in ended: the provider's sessions, grants, refresh tokens, and the access token
    // taken before the change.
    expect(await store.exists(...sessions)).toBe(0);
    expect(await store.exists(localSessionKeys.account(alice.sub))).toBe(0);
    expect((await subscriptionStatus(post('/api/subscription/status', {}, alice.headers))).status).toBe(401);
    // Member emails go to the new address.
    expect(await store.hget(opsKeys.member(alice.sub), 'email')).toBe(next);
    expect(await store.hget(opsKeys.email, next)).toBe(alice.sub);
    expect(await store.hget(opsKeys.email, alice.email)).toBeNull();
    // The old address is told, with the link that puts it back.
    const notice = await linkTo(alice.email);
    expect([notice.job.template, notice.purpose, notice.job.data.newEmail]).toEqual([
      'email-changed',
      'restore',
      next,
    ]);
    // The used link left the member's open links; the restore link is the only one there.
    expect((await hashEntries(store, emailLinkKeys.member(alice.sub))).map(([, purpose]) => purpose)).toEqual(
      ['restore'],
    );
  });

  it('works once: the same link again, or 8 at once, changes the email one time', async () => {
    const alice = await member('alice');
    const next = uniqueEmail('alice-new');
    await ask(alice.headers, next);
    const { token } = await linkTo(next);
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({
      error: 'This link has expired or was already used. Ask for a new one on your Account page.',
    });
    // One change, so one notice to the old address.
    expect((await queuedTo(alice.email)).length).toBe(1);
  });

  it('refuses a link used for the other purpose, and one past its 24 hours', async () => {
    const alice = await member('alice');
    const first = uniqueEmail('first');
    await ask(alice.headers, first);
    expect((await confirm((await linkTo(first)).token, 'restore')).status).toBe(410);
    const second = uniqueEmail('second');
    await ask(alice.headers, second);
    const late = {
      ...deps,
      identityAdmin: createLocalAdmin(store),
      now: () => Date.now() + LINK_TTL_S.change * 1000,
    };
    await expect(
      confirmEmailLink(late, { token: (await linkTo(second)).token, purpose: 'change' }),
    ).rejects.toMatchObject({ status: 410 });
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
  });

  it('puts the old address back from the notice, ending every sign-in again', async () => {
    const alice = await member('alice');
    const next = uniqueEmail('taker');
    await ask(alice.headers, next);
    await confirm((await linkTo(next)).token);
    const taker = [...(await fakeSignIn(store, alice.sub))];
    // Signed in with the new address, the taker asks for yet another change.
    const takerHeaders = await authHeader({ sub: alice.sub, email: next });
    const further = uniqueEmail('further');
    expect((await ask(takerHeaders, further)).status).toBe(200);
    const pending = await linkTo(further);

    const answer = await confirm((await linkTo(alice.email)).token, 'restore');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ email: alice.email, restored: true });
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
    expect(await store.exists(...taker)).toBe(0);
    // The change the taker asked for meanwhile is void.
    expect((await confirm(pending.token)).status).toBe(410);
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
    // A restore tells no one and mails no further link.
    expect((await queuedTo(next)).map((job) => job.template)).toEqual(['email-confirm']);
  });

  it('ends every open link when the account is deleted', async () => {
    const alice = await member('alice');
    const next = uniqueEmail('alice-new');
    await ask(alice.headers, next);
    const { token } = await linkTo(next);
    await deleteAccount(
      { ...deps, ...getBillingPorts(), ...getChatPorts(), identityAdmin: createLocalAdmin(store) },
      { sub: alice.sub, email: alice.email, customerId: null },
      { password: 'first-pass' },
    );
    expect(await store.exists(emailLinkKeys.member(alice.sub))).toBe(0);
    expect((await confirm(token)).status).toBe(410);
  });

  it('keeps the link working when the identity provider fails', async () => {
    const alice = await member('alice');
    const next = uniqueEmail('alice-new');
    await ask(alice.headers, next);
    const { token } = await linkTo(next);
    const failing = {
      ...deps,
      identityAdmin: {
        ...createLocalAdmin(store),
        updateEmail: () => Promise.reject(new Error('provider down')),
      },
    };
    await expect(confirmEmailLink(failing, { token, purpose: 'change' })).rejects.toThrow('provider down');
    expect((await getUser(store, alice.sub))?.email).toBe(alice.email);
    expect((await confirm(token)).status).toBe(200);
    expect((await getUser(store, alice.sub))?.email).toBe(next);
  });

  it.each([
    [{ token: 'short', purpose: 'change' }, 'token: This link is not complete: open it from the email again'],
    [
      { token: `${'A'.repeat(42)}!`, purpose: 'change' },
      'token: This link is not complete: open it from the email again',
    ],
    [{ token: 'A'.repeat(43), purpose: 'other' }, 'purpose: Use change or restore'],
    [{ purpose: 'change' }, 'token: This link is not complete: open it from the email again'],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const answer = await confirmEmail(post('/api/user/confirmemail', body, client()));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: message });
  });

  it('counts the links of one client address: the 11th in 10 minutes is a 429', async () => {
    const from = client();
    const token = () => randomUUID().replaceAll('-', '').padEnd(43, 'x');
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        (await confirmEmail(post('/api/user/confirmemail', { token: token(), purpose: 'change' }, from)))
          .status,
      );
    expect(answers).toEqual([...Array(10).fill(410), 429]);
  });

  it('answers 410 for a well-formed token nobody issued', async () => {
    expect((await confirm(randomUUID().replaceAll('-', '').padEnd(43, 'x'))).status).toBe(410);
  });
});
