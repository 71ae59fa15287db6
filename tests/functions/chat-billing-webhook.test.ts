import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { createStripeBilling } from '../../functions/_lib/billing/stripe-billing.ts';
import { createDiscordChat } from '../../functions/_lib/chat/discord-chat.ts';
import { requestInvite } from '../../functions/_lib/chat/invites.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import { readChatRecord } from '../../functions/_lib/chat/record.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { answerInvites, type DiscordRecorder, startDiscordRecorder } from '../support/discord-recorder.ts';
import { activeMembership } from '../support/members.ts';
import { type StripeRecorder, startStripeRecorder } from '../support/stripe-recorder.ts';
import { deliverWebhook, stripeConfig, stripeEvent, stripeSubscription } from '../support/stripe-webhook.ts';

// Community access follows the membership in production: Stripe's signed webhook (real SDK against the
// Stripe recorder) changes the membership, and the Discord adapter (against the Discord recorder) takes
// the member role away when it ends and gives it back on renewal. A Discord failure never fails the webhook.

const { store } = getDeps();
const GUILD = '100000000000000001';
const ROLE = '300000000000000003';
/** The Discord user id of the account named `username` in the recorder's server (one account per name). */
const idOf = (username: string) =>
  `7${BigInt(`0x${createHash('sha256').update(username).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(17, '0')}`;

let stripeServer: StripeRecorder;
let discord: DiscordRecorder;
let subscriptions: Map<string, Record<string, unknown>>;
let discordDown = false;

function subscription(sub: string, status: string) {
  const object = stripeSubscription(sub, { status });
  subscriptions.set(object.id, object);
  return object;
}

beforeAll(async () => {
  [stripeServer, discord] = await Promise.all([startStripeRecorder(), startDiscordRecorder()]);
  stripeServer.routes.push(({ method, path }) => {
    if (method !== 'GET' || !path.startsWith('/v1/subscriptions/')) return undefined;
    const found = subscriptions.get(path.split('/')[3] ?? '');
    return found
      ? { body: found }
      : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such subscription' } } };
  });
  discord.routes.push(
    () => (discordDown ? { status: 502, body: { message: 'Bad Gateway' } } : undefined),
    answerInvites,
    ({ method, path }) => {
      if (method !== 'GET' || !path.startsWith(`/guilds/${GUILD}/members/search?`)) return undefined;
      const query = new URLSearchParams(path.split('?')[1]).get('query') ?? '';
      return { body: [{ user: { id: idOf(query), username: query }, roles: [ROLE] }] };
    },
    ({ method, path }) =>
      (method === 'PUT' || method === 'DELETE') && path.startsWith(`/guilds/${GUILD}/members/`)
        ? { status: 204 }
        : undefined,
  );
});
afterAll(() => Promise.all([stripeServer.close(), discord.close()]));
beforeEach(() => {
  subscriptions = new Map();
  discordDown = false;
});

const deps = () => ({
  store,
  now: Date.now,
  billing: async () => createStripeBilling(stripeConfig, stripeServer.transport),
  billingConfig: stripeConfig,
  chat: async () =>
    createDiscordChat({
      kind: 'discord',
      botToken: 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.webhook-test-token-value',
      guildId: GUILD,
      channelId: '200000000000000002',
      roleId: ROLE,
      apiBase: discord.apiBase,
    }),
});

const deliver = (type: string, object: Record<string, unknown>) =>
  deliverWebhook(stripeEvent(type, object), deps());

/** A member who asked for an invite for `username` while their membership was active. */
async function memberInChat(username: string) {
  const sub = `auth0|${randomUUID()}`;
  await store.set(membershipKey(sub), JSON.stringify(activeMembership()));
  await requestInvite(deps(), { sub, email: null, customerId: null }, { discord: username });
  discord.requests.length = 0;
  return sub;
}
const roleCalls = () =>
  discord.requests.filter((r) => r.method !== 'POST').map((r) => `${r.method} ${r.path.split('?')[0]}`);

describe('chat access follows Stripe webhooks', () => {
  it('a subscription that ends takes the member role from the account bound at the invite; a renewal gives it back', async () => {
    const sub = await memberInChat('dana.trades');
    const dana = idOf('dana.trades');
    expect(await readChatRecord(store, sub)).toMatchObject({ account: dana, revoked: false });
    expect(await store.get(chatKeys.account('discord', dana))).toBe(sub);
    const ended = subscription(sub, 'canceled');
    expect(await deliver('customer.subscription.deleted', ended)).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    // By the user id kept with the member: no search by a name someone else may have by now.
    expect(roleCalls()).toEqual([`DELETE /guilds/${GUILD}/members/${dana}/roles/${ROLE}`]);
    expect(await readChatRecord(store, sub)).toMatchObject({
      username: 'dana.trades',
      revoked: true,
      invite: null,
      account: dana,
    });
    // An ended member holds neither the username nor the account.
    expect(await store.get(chatKeys.owner('dana.trades'))).toBeNull();
    expect(await store.get(chatKeys.account('discord', dana))).toBeNull();

    // The same state again changes nothing at Discord.
    discord.requests.length = 0;
    await deliver('customer.subscription.updated', ended);
    expect(roleCalls()).toEqual([]);

    discord.requests.length = 0;
    const renewed = subscription(sub, 'active');
    expect((await deliver('customer.subscription.created', renewed)).status).toBe(200);
    expect(roleCalls()).toEqual([`PUT /guilds/${GUILD}/members/${dana}/roles/${ROLE}`]);
    expect(await readChatRecord(store, sub)).toMatchObject({ revoked: false, account: dana });
    expect(await store.get(chatKeys.owner('dana.trades'))).toBe(sub);
    expect(await store.get(chatKeys.account('discord', dana))).toBe(sub);
  });

  it('a Discord failure never breaks the webhook: the membership is stored, access is retried on the next event', async () => {
    const sub = await memberInChat('erin.trades');
    const ended = subscription(sub, 'canceled');
    discordDown = true;
    expect(await deliver('customer.subscription.deleted', ended)).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    const stored = JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null') as Membership;
    expect(stored.status).toBe('canceled');
    expect(await readChatRecord(store, sub)).toMatchObject({ revoked: false });

    discordDown = false;
    discord.requests.length = 0;
    await deliver('customer.subscription.updated', ended);
    expect(roleCalls()).toContain(`DELETE /guilds/${GUILD}/members/${idOf('erin.trades')}/roles/${ROLE}`);
    expect(await readChatRecord(store, sub)).toMatchObject({ revoked: true });
  });

  it('members who never asked for an invite cost no Discord call', async () => {
    const sub = `auth0|${randomUUID()}`;
    discord.requests.length = 0;
    await deliver('customer.subscription.deleted', subscription(sub, 'canceled'));
    expect(discord.requests).toEqual([]);
  });
});

describe('invites through Discord', () => {
  it('the same link while Discord still has it; once used, a new one and the member role for the username', async () => {
    const sub = `auth0|${randomUUID()}`;
    await store.set(membershipKey(sub), JSON.stringify(activeMembership()));
    const caller = { sub, email: null, customerId: null };
    let used = false;
    discord.routes.unshift(({ method, path }) =>
      method === 'GET' && path.startsWith('/invites/')
        ? used
          ? { status: 404, body: { message: 'Unknown Invite', code: 10006 } }
          : { body: { code: path.split('/')[2] } }
        : undefined,
    );
    const first = await requestInvite(deps(), caller, { discord: 'Fay.Trades' });
    expect(first).toMatchObject({
      invite: expect.stringMatching(/^https:\/\/discord\.gg\/\w+$/),
      username: 'fay.trades',
    });
    discord.requests.length = 0;
    expect((await requestInvite(deps(), caller, { discord: 'fay.trades' })).invite).toBe(first.invite);
    expect(discord.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /invites/${first.invite.split('/').at(-1)}`,
    ]);

    used = true;
    discord.requests.length = 0;
    const next = await requestInvite(deps(), caller, { discord: 'fay.trades' });
    expect(next.invite).not.toBe(first.invite);
    expect(roleCalls()).toEqual([
      `GET /invites/${first.invite.split('/').at(-1)}`,
      `GET /guilds/${GUILD}/members/search`,
      `PUT /guilds/${GUILD}/members/${idOf('fay.trades')}/roles/${ROLE}`,
    ]);
    discord.routes.shift();
  });
});
