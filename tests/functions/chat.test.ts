import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { followMembership } from '../../functions/_lib/chat/access.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { createDiscordChat } from '../../functions/_lib/chat/discord-chat.ts';
import { requestInvite } from '../../functions/_lib/chat/invites.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import { readChatRecord } from '../../functions/_lib/chat/record.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { HttpError } from '../../functions/_lib/http/errors.ts';
import inviteFn from '../../functions/user-discord.ts';
import { type LocalChatServer, startLocalChat } from '../../scripts/local/chat-invites.ts';
import { type DiscordRecorder, startDiscordRecorder } from '../support/discord-recorder.ts';
import { activeMembership, memberCaller, signedIn } from '../support/members.ts';
import { post } from '../support/requests.ts';

// POST /api/user/discord on real Redis with the local chat (the embedded default), and the local
// invite pages served by their real server.

const { store } = getDeps();
let pages: LocalChatServer;
beforeAll(async () => {
  pages = await startLocalChat({ store });
});
afterAll(() => pages.close());

const ask = async (call: Awaited<ReturnType<typeof memberCaller>>['call'], body: Record<string, unknown>) =>
  call(inviteFn, 'user/discord', body);
/** Opens an invite link on the local pages (the link names the configured base; the test's server serves it). */
async function open(invite: unknown) {
  const response = await fetch(new URL(new URL(String(invite)).pathname, pages.url));
  return { status: response.status, html: await response.text() };
}
const uniqueName = () => `trader_${randomUUID().slice(0, 8)}`;

describe('POST /api/user/discord', () => {
  it('gives a member a single-use invite, the same link while unused, a new one once used', async () => {
    const alice = await memberCaller(store);
    const username = uniqueName();
    const first = await ask(alice.call, { discord: username });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      invite: expect.stringMatching(/^http:\/\/localhost:\d+\/invite\/[\w-]+$/),
      expiresAt: expect.any(Number),
      username,
    });
    expect(first.body.expiresAt as number).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    expect((await ask(alice.call, { discord: username })).body.invite).toBe(first.body.invite);

    const joined = await open(first.body.invite);
    expect(joined.status).toBe(200);
    expect(joined.html).toContain('You joined the members’ chat');
    expect(joined.html).toContain(alice.sub);
    expect(joined.html).toContain(username);
    const again = await open(first.body.invite);
    expect(again.status).toBe(410);
    expect(again.html).toContain('This invite has already been used');

    const next = await ask(alice.call, { discord: username });
    expect(next.status).toBe(200);
    expect(next.body.invite).not.toBe(first.body.invite);
  });

  it('keeps the username with the member, lower-cased, whatever userID and custID the body names', async () => {
    const alice = await memberCaller(store);
    const bob = await memberCaller(store);
    const name = uniqueName();
    const answer = await ask(alice.call, {
      discord: ` @${name.toUpperCase()} `,
      userID: bob.sub,
      custID: 'cus_bob',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.username).toBe(name);
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ username: name, revoked: false });
    expect(await readChatRecord(store, bob.sub)).toBeNull();
  });

  it("never hands member B member A's invite, nor lets B's requests touch it", async () => {
    const alice = await memberCaller(store);
    const bob = await memberCaller(store);
    const a = await ask(alice.call, { discord: uniqueName() });
    const b = await ask(bob.call, { discord: uniqueName(), userID: alice.sub });
    expect(b.body.invite).not.toBe(a.body.invite);
    // Bob asking again (naming Alice) leaves Alice's invite live and hers.
    await ask(bob.call, { discord: uniqueName(), userID: alice.sub });
    expect((await ask(alice.call, { discord: String(a.body.username) })).body.invite).toBe(a.body.invite);
    expect((await open(a.body.invite)).html).toContain(alice.sub);
  });

  it('two clicks at once make one invite', async () => {
    const alice = await memberCaller(store);
    const name = uniqueName();
    const answers = await Promise.all([
      ask(alice.call, { discord: name }),
      ask(alice.call, { discord: name }),
    ]);
    const links = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.invite));
    expect(links.size).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
  });

  it.each([
    ['', 'Enter your Discord username'],
    ['   ', 'Enter your Discord username'],
    ['a', 'A Discord username has 2 to 32 characters'],
    ['x'.repeat(33), 'A Discord username has 2 to 32 characters'],
    ['old.name#1234', 'Enter your new Discord username, without the #1234 tag'],
    ['with space', 'A Discord username has only letters, numbers, underscores (_) and periods (.)'],
    ['dash-name', 'A Discord username has only letters, numbers, underscores (_) and periods (.)'],
    ['émile', 'A Discord username has only letters, numbers, underscores (_) and periods (.)'],
    ['two..dots', 'A Discord username cannot have two periods in a row'],
  ])('refuses %j with 400 "%s" and writes nothing', async (discord, message) => {
    const alice = await memberCaller(store);
    const answer = await ask(alice.call, { discord });
    expect(answer).toEqual({ status: 400, body: { error: message } });
    expect(await readChatRecord(store, alice.sub)).toBeNull();
  });

  it('refuses a body without a username with 400', async () => {
    const alice = await memberCaller(store);
    expect((await ask(alice.call, {})).status).toBe(400);
  });

  it('answers a visitor 401 and a signed-in user without a membership 403 { redirect: true }', async () => {
    expect((await inviteFn(post('/api/user/discord', { discord: 'someone' }))).status).toBe(401);
    const { headers, sub } = await signedIn(store, null);
    const refused = await inviteFn(post('/api/user/discord', { discord: 'someone' }, headers));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ redirect: true });
    expect(await readChatRecord(store, sub)).toBeNull();
    const lapsed = await signedIn(store, activeMembership({ status: 'canceled' }));
    const gone = await inviteFn(post('/api/user/discord', { discord: 'someone' }, lapsed.headers));
    expect(await gone.json()).toMatchObject({ redirect: true });
  });

  it('is rate-limited like other account changes: the 11th request in 10 minutes is 429', async () => {
    const alice = await memberCaller(store);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ask(alice.call, { discord: 'x' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await ask(alice.call, { discord: uniqueName() });
    expect(refused.status).toBe(429);
    expect(await readChatRecord(store, alice.sub)).toBeNull();
  });
});

describe('requestInvite with Discord unavailable', () => {
  let discord: DiscordRecorder;
  beforeAll(async () => {
    discord = await startDiscordRecorder();
  });
  afterAll(() => discord.close());

  it('answers 503 with a clean message and leaves the stored invite as it was', async () => {
    const sub = `auth0|${randomUUID()}`;
    await store.set(membershipKey(sub), JSON.stringify(activeMembership()));
    const chat = createDiscordChat({
      kind: 'discord',
      botToken: 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.discord-down-test-token',
      guildId: '100000000000000001',
      channelId: '200000000000000002',
      roleId: '300000000000000003',
      apiBase: discord.apiBase,
    });
    discord.routes.push(() => ({ status: 503, body: { message: 'upstream connect error' } }));
    const deps = { store, now: Date.now, chat: async () => chat };
    const error = await requestInvite(
      deps,
      { sub, email: null, customerId: null },
      { discord: 'carol' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect((error as HttpError).message).toBe(
      'The chat community cannot be reached right now. Please try again in a few minutes.',
    );
    expect(await readChatRecord(store, sub)).toBeNull();
    expect(await store.get(chatKeys.lock(sub))).toBeNull();
    // The username asked for is free again: nothing was issued for it.
    expect(await store.get(chatKeys.owner('carol'))).toBeNull();
  });
});

describe('local community access follows the membership', () => {
  const role = async (username: string) =>
    (
      JSON.parse((await store.get<string>(chatKeys.localUser(username))) ?? 'null') as {
        role: boolean;
      } | null
    )?.role;

  it('an ended membership takes the role and the outstanding invite away; a renewal gives the role back', async () => {
    const alice = await memberCaller(store);
    const bob = await memberCaller(store);
    const aliceName = uniqueName();
    const bobName = uniqueName();
    await open((await ask(alice.call, { discord: aliceName })).body.invite);
    expect(await role(aliceName)).toBe(true);
    const outstanding = (await ask(alice.call, { discord: aliceName })).body.invite;
    await open((await ask(bob.call, { discord: bobName })).body.invite);

    const deps = { store, now: Date.now, ...getChatPorts() };
    await store.set(membershipKey(alice.sub), JSON.stringify(activeMembership({ status: 'canceled' })));
    await followMembership(deps, alice.sub);
    expect(await role(aliceName)).toBe(false);
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ revoked: true, invite: null });
    const revoked = await open(outstanding);
    expect(revoked.status).toBe(410);
    expect(revoked.html).toContain('This invite was revoked');
    // Bob is untouched.
    expect(await role(bobName)).toBe(true);

    await store.set(membershipKey(alice.sub), JSON.stringify(activeMembership()));
    await followMembership(deps, alice.sub);
    expect(await role(aliceName)).toBe(true);
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ revoked: false });
  });

  it('a new username takes the role and the outstanding invite away from the last one', async () => {
    const alice = await memberCaller(store);
    const first = uniqueName();
    const second = uniqueName();
    await open((await ask(alice.call, { discord: first })).body.invite);
    expect(await role(first)).toBe(true);
    const outstanding = (await ask(alice.call, { discord: first })).body.invite;
    const next = await ask(alice.call, { discord: second });
    expect(next.body).toMatchObject({ username: second });
    expect(next.body.invite).not.toBe(outstanding);
    expect(await role(first)).toBe(false);
    expect((await open(outstanding)).status).toBe(410);
    await open(next.body.invite);
    expect(await role(second)).toBe(true);
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ username: second, revoked: false });
  });

  it('a period that lapsed without an event is noticed when an invite is opened', async () => {
    const alice = await memberCaller(store);
    const invite = (await ask(alice.call, { discord: uniqueName() })).body.invite;
    const DAY = 24 * 60 * 60 * 1000;
    await store.set(
      membershipKey(alice.sub),
      JSON.stringify(activeMembership({ currentPeriodEnd: Date.now() - DAY, cancelAtPeriodEnd: true })),
    );
    const page = await open(invite);
    expect(page.status).toBe(410);
    expect(page.html).toContain('This invite was revoked');
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ revoked: true });
  });
});
