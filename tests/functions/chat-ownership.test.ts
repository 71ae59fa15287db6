import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { followMembership } from '../../functions/_lib/chat/access.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { createDiscordChat } from '../../functions/_lib/chat/discord-chat.ts';
import { requestInvite } from '../../functions/_lib/chat/invites.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import { createLocalChat, openLocalInvite } from '../../functions/_lib/chat/local-chat.ts';
import type { ChatMember } from '../../functions/_lib/chat/port.ts';
import { readChatRecord } from '../../functions/_lib/chat/record.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import inviteFn from '../../functions/user-discord.ts';
import { type LocalChatServer, startLocalChat } from '../../scripts/local/chat-invites.ts';
import { answerInvites, type DiscordRecorder, startDiscordRecorder } from '../support/discord-recorder.ts';
import { activeMembership, memberCaller } from '../support/members.ts';

// Chat usernames belong to the member who claimed them: another member's request never takes the
// role of a name (or of the Discord account behind it) that a paying member holds. On real Redis,
// with the local chat and its invite pages, and with the Discord adapter against the recorder.

const { store } = getDeps();
const TAKEN = { error: 'That username is linked to another member. If it is yours, contact support.' };
let pages: LocalChatServer;
beforeAll(async () => {
  pages = await startLocalChat({ store });
});
afterAll(() => pages.close());

type Member = Awaited<ReturnType<typeof memberCaller>>;
const ask = (member: Member, discord: string) => member.call(inviteFn, 'user/discord', { discord });
async function join(member: Member, username: string) {
  const answer = await ask(member, username);
  expect(answer.status).toBe(200);
  await fetch(new URL(new URL(String(answer.body.invite)).pathname, pages.url));
  expect(await role(username)).toBe(true);
}
const role = async (username: string) =>
  (JSON.parse((await store.get<string>(chatKeys.localUser(username))) ?? 'null') as { role: boolean } | null)
    ?.role;
const owner = (username: string) => store.get<string>(chatKeys.owner(username));
const name = (who: string) => `${who}_${randomUUID().slice(0, 8)}`;
const localDeps = () => ({ store, now: Date.now, ...getChatPorts() });
async function endMembership(member: Member) {
  await store.set(membershipKey(member.sub), JSON.stringify(activeMembership({ status: 'canceled' })));
  await followMembership(localDeps(), member.sub);
}
async function renewMembership(member: Member) {
  await store.set(membershipKey(member.sub), JSON.stringify(activeMembership()));
  await followMembership(localDeps(), member.sub);
}

describe("a member's chat username is theirs alone", () => {
  it("refuses another member's username with 409, and B's role stays while B pays", async () => {
    const alice = await memberCaller(store);
    const bob = await memberCaller(store);
    const bobName = name('bob_sec');
    await join(bob, bobName);
    const before = await readChatRecord(store, bob.sub);

    expect(await ask(alice, bobName)).toEqual({ status: 409, body: TAKEN });
    // Any spelling of the same name is the same name.
    expect(await ask(alice, ` @${bobName.toUpperCase()}`)).toEqual({ status: 409, body: TAKEN });
    expect((await ask(alice, name('alice_sec'))).status).toBe(200);

    expect(await role(bobName)).toBe(true);
    expect(await owner(bobName)).toBe(bob.sub);
    expect(await readChatRecord(store, bob.sub)).toEqual(before);
  });

  it("asking for B's name, then another, never takes B's role (the reported sequence)", async () => {
    const alice = await memberCaller(store);
    const bob = await memberCaller(store);
    const bobName = name('bob_sec');
    await join(bob, bobName);
    await ask(alice, bobName);
    await ask(alice, name('alice_sec'));
    expect(await role(bobName)).toBe(true);
  });

  it('a member switching names takes only their own role away, and lets go of the old name', async () => {
    const alice = await memberCaller(store);
    const bob = await memberCaller(store);
    const first = name('alice_sec');
    const bobName = name('bob_sec');
    await join(alice, first);
    await join(bob, bobName);

    const second = name('alice_new');
    expect((await ask(alice, second)).status).toBe(200);
    expect(await role(first)).toBe(false);
    expect(await role(bobName)).toBe(true);
    expect(await owner(first)).toBeNull();
    expect(await owner(second)).toBe(alice.sub);
    expect(await store.get(chatKeys.account('local', first))).toBeNull();

    // Let go: the name's real owner can have it now, and B's name is still B's.
    const carol = await memberCaller(store);
    expect((await ask(carol, first)).status).toBe(200);
    expect(await ask(alice, bobName)).toEqual({ status: 409, body: TAKEN });
  });

  it('two members asking for one name at once: exactly one gets it', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const [alice, bob] = await Promise.all([memberCaller(store), memberCaller(store)]);
        const contested = name('contested');
        const answers = await Promise.all([ask(alice, contested), ask(bob, contested)]);
        return { alice, bob, contested, answers };
      }),
    );
    for (const { alice, bob, contested, answers } of rounds) {
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body).toEqual(TAKEN);
      const winner = answers[0]?.status === 200 ? alice : bob;
      const loser = winner === alice ? bob : alice;
      expect(await owner(contested)).toBe(winner.sub);
      expect(await readChatRecord(store, winner.sub)).toMatchObject({ username: contested });
      expect(await readChatRecord(store, loser.sub)).toBeNull();
    }
  });

  it('an ended membership lets go of the name, so its real owner can claim it; a renewal finds it taken', async () => {
    const squatter = await memberCaller(store);
    const bob = await memberCaller(store);
    const contested = name('bob_sec');
    await join(squatter, contested);
    expect(await ask(bob, contested)).toEqual({ status: 409, body: TAKEN });

    await endMembership(squatter);
    expect(await role(contested)).toBe(false);
    expect(await owner(contested)).toBeNull();
    expect(await readChatRecord(store, squatter.sub)).toMatchObject({ username: contested, revoked: true });

    expect((await ask(bob, contested)).status).toBe(200);
    expect(await owner(contested)).toBe(bob.sub);
    // The account already in the community is bound to Bob now and has the role from him.
    expect(await role(contested)).toBe(true);

    // The squatter pays again: the name is Bob's, so no role is given back, and Bob's stays.
    await renewMembership(squatter);
    expect(await owner(contested)).toBe(bob.sub);
    expect(await role(contested)).toBe(true);
    expect(await readChatRecord(store, squatter.sub)).toMatchObject({ revoked: true });
    await endMembership(squatter);
    expect(await role(contested)).toBe(true);
  });

  it('a renewal takes the name back when no one claimed it meanwhile', async () => {
    const alice = await memberCaller(store);
    const mine = name('alice_sec');
    await join(alice, mine);
    await endMembership(alice);
    expect(await role(mine)).toBe(false);
    await renewMembership(alice);
    expect(await role(mine)).toBe(true);
    expect(await owner(mine)).toBe(alice.sub);
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ revoked: false, account: mine });
  });

  it("a record written before names were claimed never touches another member's name", async () => {
    const alice = await memberCaller(store);
    const bob = await memberCaller(store);
    const bobName = name('bob_sec');
    await join(bob, bobName);
    // What the earlier code could leave behind: Alice's record naming Bob's username.
    const legacy = { username: bobName, invite: null, revoked: false };
    await store.set(chatKeys.member(alice.sub), JSON.stringify(legacy));

    expect((await ask(alice, name('alice_sec'))).status).toBe(200);
    expect(await role(bobName)).toBe(true);

    await store.set(chatKeys.member(alice.sub), JSON.stringify(legacy));
    await endMembership(alice);
    expect(await role(bobName)).toBe(true);
    expect(await owner(bobName)).toBe(bob.sub);
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ revoked: true, account: null });
  });
});

describe('a membership that changes while a request holds the member', () => {
  it('is followed by that request before it lets go (the billing change found the lock taken)', async () => {
    const sub = `auth0|${randomUUID()}`;
    const caller = { sub, email: null, customerId: null };
    await store.set(membershipKey(sub), JSON.stringify(activeMembership()));
    const local = createLocalChat(store, pages.url);
    const username = name('alice_sec');
    const first = await requestInvite({ store, now: Date.now, chat: async () => local }, caller, {
      discord: username,
    });
    await openLocalInvite(store, first.invite.split('/').at(-1) ?? '', Date.now());
    expect(await role(username)).toBe(true);

    // The next request is held inside the community call while the membership ends.
    let inside!: () => void;
    let go!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    const held = {
      ...local,
      createInvite: async (member: ChatMember) => {
        inside();
        await gate;
        return local.createInvite(member);
      },
    };
    const deps = { store, now: Date.now, chat: async () => held };
    const request = requestInvite(deps, caller, { discord: username });
    await entered;
    await store.set(membershipKey(sub), JSON.stringify(activeMembership({ status: 'canceled' })));
    await followMembership(deps, sub);
    expect(await role(username)).toBe(true);
    go();
    expect((await request).username).toBe(username);

    expect(await role(username)).toBe(false);
    expect(await readChatRecord(store, sub)).toMatchObject({ revoked: true, invite: null });
    expect(await owner(username)).toBeNull();
    expect(await store.get(chatKeys.lock(sub))).toBeNull();
  });
});

describe('Discord: the role is bound to the account found at the invite, by its user id', () => {
  const GUILD = '100000000000000001';
  const ROLE = '300000000000000003';
  let discord: DiscordRecorder;
  /** The recorder's server: Discord username → user id (a rename moves the id to another name). */
  let accounts: Map<string, string>;
  beforeAll(async () => {
    discord = await startDiscordRecorder();
    discord.routes.push(
      answerInvites,
      ({ method, path }) => {
        if (method !== 'GET' || !path.startsWith(`/guilds/${GUILD}/members/search?`)) return undefined;
        const query = new URLSearchParams(path.split('?')[1]).get('query') ?? '';
        const id = accounts.get(query);
        return { body: id ? [{ user: { id, username: query }, roles: [] }] : [] };
      },
      ({ method, path }) =>
        (method === 'PUT' || method === 'DELETE') && path.startsWith(`/guilds/${GUILD}/members/`)
          ? { status: 204 }
          : undefined,
    );
  });
  afterAll(() => discord.close());
  beforeEach(() => {
    accounts = new Map();
    discord.requests.length = 0;
  });

  const deps = () => ({
    store,
    now: Date.now,
    chat: async () =>
      createDiscordChat({
        kind: 'discord',
        botToken: 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.ownership-test-token',
        guildId: GUILD,
        channelId: '200000000000000002',
        roleId: ROLE,
        apiBase: discord.apiBase,
      }),
  });
  const snowflake = () => `9${String(Math.floor(Math.random() * 1e17)).padStart(17, '0')}`;
  async function paying() {
    const sub = `auth0|${randomUUID()}`;
    await store.set(membershipKey(sub), JSON.stringify(activeMembership()));
    return { sub, email: null, customerId: null };
  }
  const ask = (caller: Awaited<ReturnType<typeof paying>>, discord: string) =>
    requestInvite(deps(), caller, { discord }).then(
      (answer) => ({ status: 200, answer }),
      (error: { status?: number; message?: string }) => ({ status: error.status, error: error.message }),
    );
  const roleCalls = () =>
    discord.requests
      .filter((r) => r.method === 'PUT' || r.method === 'DELETE')
      .map((r) => `${r.method} ${r.path}`);

  it("refuses a username whose Discord account another member's role is on (renamed since)", async () => {
    const bob = await paying();
    const alice = await paying();
    const bobId = snowflake();
    const bobName = name('bob.d');
    accounts.set(bobName, bobId);
    expect((await ask(bob, bobName)).status).toBe(200);
    expect(await store.get(chatKeys.account('discord', bobId))).toBe(bob.sub);
    expect(roleCalls()).toEqual([`PUT /guilds/${GUILD}/members/${bobId}/roles/${ROLE}`]);

    // Bob renames his Discord account; his old name is free on Discord, his new one in our store.
    const renamed = name('robert.d');
    accounts.delete(bobName);
    accounts.set(renamed, bobId);
    discord.requests.length = 0;
    expect(await ask(alice, renamed)).toEqual({ status: 409, error: TAKEN.error });
    expect(roleCalls()).toEqual([]);
    expect(await owner(renamed)).toBeNull();
    expect(await readChatRecord(store, alice.sub)).toBeNull();

    // Bob's old name is still his with us, though no one on Discord has it now.
    expect(await ask(alice, bobName)).toEqual({ status: 409, error: TAKEN.error });
    expect((await ask(alice, name('alice.d'))).status).toBe(200);
    expect(roleCalls()).toEqual([]);
    expect(await store.get(chatKeys.account('discord', bobId))).toBe(bob.sub);
  });

  it('an ended membership takes the role from the bound id, whatever the account is called now', async () => {
    const bob = await paying();
    const bobId = snowflake();
    const bobName = name('bob.d');
    accounts.set(bobName, bobId);
    await ask(bob, bobName);
    accounts.delete(bobName);
    accounts.set(name('robert.d'), bobId);
    discord.requests.length = 0;

    await store.set(membershipKey(bob.sub), JSON.stringify(activeMembership({ status: 'canceled' })));
    await followMembership(deps(), bob.sub);
    expect(roleCalls()).toEqual([`DELETE /guilds/${GUILD}/members/${bobId}/roles/${ROLE}`]);
    expect(discord.requests.some((r) => r.path.includes('/members/search'))).toBe(false);
    expect(await store.get(chatKeys.account('discord', bobId))).toBeNull();
  });

  it('a member switching accounts takes the role from their own last account only', async () => {
    const alice = await paying();
    const bob = await paying();
    const [aliceId, bobId, aliceNewId] = [snowflake(), snowflake(), snowflake()];
    const [aliceName, bobName, aliceNew] = [name('alice.d'), name('bob.d'), name('alice.new')];
    accounts.set(aliceName, aliceId).set(bobName, bobId).set(aliceNew, aliceNewId);
    await ask(alice, aliceName);
    await ask(bob, bobName);
    discord.requests.length = 0;

    expect((await ask(alice, aliceNew)).status).toBe(200);
    expect(roleCalls()).toEqual([
      `DELETE /guilds/${GUILD}/members/${aliceId}/roles/${ROLE}`,
      `PUT /guilds/${GUILD}/members/${aliceNewId}/roles/${ROLE}`,
    ]);
    expect(await store.get(chatKeys.account('discord', aliceId))).toBeNull();
    expect(await store.get(chatKeys.account('discord', aliceNewId))).toBe(alice.sub);
    expect(await readChatRecord(store, alice.sub)).toMatchObject({ username: aliceNew, account: aliceNewId });
  });

  it('two members asking at once for names of one Discord account: exactly one binds it', async () => {
    const [alice, bob] = await Promise.all([paying(), paying()]);
    const id = snowflake();
    const [one, other] = [name('same.a'), name('same.b')];
    // Two names a moment apart for one account (a rename between two searches).
    accounts.set(one, id).set(other, id);
    const answers = await Promise.all([ask(alice, one), ask(bob, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? alice : bob;
    expect(await store.get(chatKeys.account('discord', id))).toBe(winner.sub);
    expect(roleCalls()).toEqual([`PUT /guilds/${GUILD}/members/${id}/roles/${ROLE}`]);
  });
});
