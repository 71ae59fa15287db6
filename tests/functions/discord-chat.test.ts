import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordChat, type DiscordConfig } from '../../functions/_lib/chat/discord-chat.ts';
import { ChatUnavailableError } from '../../functions/_lib/chat/port.ts';
import { type DiscordRecorder, startDiscordRecorder } from '../support/discord-recorder.ts';

// The Discord adapter against a local recording stand-in for discord.com/api/v10: the exact requests
// it sends, Discord's rate limits, and the clean errors a member reads.

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.test-bot-token-never-shown';
let discord: DiscordRecorder;
let waits: number[];

const config = (): DiscordConfig => ({
  kind: 'discord',
  botToken: TOKEN,
  guildId: '100000000000000001',
  channelId: '200000000000000002',
  roleId: '300000000000000003',
  apiBase: discord.apiBase,
});
// Waits for real (short ones), and records how long it was asked to.
const chat = () =>
  createDiscordChat(config(), {
    sleep: async (ms) => {
      waits.push(ms);
      await wait(ms);
    },
  });
const member = { sub: 'auth0|alice', username: 'alice.trader' };

beforeAll(async () => {
  discord = await startDiscordRecorder();
});
afterAll(() => discord.close());
beforeEach(() => {
  discord.requests.length = 0;
  discord.routes.length = 0;
  waits = [];
});

const inviteAnswer = { body: { code: 'AbC123x', expires_at: '2030-01-02T03:04:05.000Z', max_uses: 1 } };

/** The error a call failed with (ChatUnavailableError expected). */
async function failure(work: () => Promise<unknown>): Promise<ChatUnavailableError> {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatUnavailableError);
  return error as ChatUnavailableError;
}

describe('Discord adapter: invites', () => {
  it('creates a single-use, unique invite with a one-day life, as the bot', async () => {
    discord.routes.push(({ method, path }) =>
      method === 'POST' && path === '/channels/200000000000000002/invites' ? inviteAnswer : undefined,
    );
    expect(await chat().createInvite(member)).toEqual({
      code: 'AbC123x',
      url: 'https://discord.gg/AbC123x',
      expiresAt: Date.parse('2030-01-02T03:04:05.000Z'),
    });
    expect(discord.requests).toHaveLength(1);
    const [request] = discord.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/channels/200000000000000002/invites');
    expect(request?.body).toEqual({ max_age: 86400, max_uses: 1, unique: true, temporary: false });
    expect(request?.headers.authorization).toBe(`Bot ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toMatch(/^DiscordBot \(/);
    expect(request?.headers['x-audit-log-reason']).toBeTruthy();
  });

  it('waits out a 429 (retry_after in the body) and retries once', async () => {
    let calls = 0;
    discord.routes.push(() =>
      calls++ === 0
        ? {
            status: 429,
            body: { message: 'You are being rate limited.', retry_after: 0.2, global: false },
            headers: { 'retry-after': '1' },
          }
        : inviteAnswer,
    );
    const started = Date.now();
    expect((await chat().createInvite(member)).code).toBe('AbC123x');
    expect(waits).toEqual([200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(discord.requests).toHaveLength(2);
    expect(discord.requests[1]?.body).toEqual(discord.requests[0]?.body);
  });

  it('reads the Retry-After header when the body has no retry_after', async () => {
    let calls = 0;
    discord.routes.push(() =>
      calls++ === 0
        ? { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '0.1' } }
        : inviteAnswer,
    );
    await chat().createInvite(member);
    expect(waits).toEqual([100]);
  });

  it('fails cleanly when still rate-limited after the one retry', async () => {
    discord.routes.push(() => ({
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 0.05 },
    }));
    const error = await failure(() => chat().createInvite(member));
    expect(error.status).toBe(503);
    expect(error.message).toBe('The chat community is busy right now. Please try again in a minute.');
    expect(discord.requests).toHaveLength(2);
  });

  it('does not wait when Discord asks for longer than a member would (over 5 s)', async () => {
    discord.routes.push(() => ({ status: 429, body: { retry_after: 42.5, global: true } }));
    const error = await failure(() => chat().createInvite(member));
    expect(error.status).toBe(503);
    expect(waits).toEqual([]);
    expect(discord.requests).toHaveLength(1);
  });

  it.each([
    [403, { message: 'Missing Permissions', code: 50013 }, 502],
    [401, { message: '401: Unauthorized', code: 0 }, 502],
    [500, { message: 'Internal Server Error' }, 503],
    [502, { message: 'Bad Gateway' }, 503],
  ])('maps a %i to a clean message, never the token or Discord’s body', async (status, body, mapped) => {
    discord.routes.push(() => ({ status, body }));
    const error = await failure(() => chat().createInvite(member));
    expect(error.status).toBe(mapped);
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain(body.message);
    expect(error.message).toMatch(/^The chat community /);
  });

  it('maps an unreachable Discord to "cannot be reached"', async () => {
    const gone = createDiscordChat({ ...config(), apiBase: 'http://127.0.0.1:9/api/v10' });
    const error = await failure(() => gone.createInvite(member));
    expect(error.status).toBe(503);
    expect(error.message).toContain('cannot be reached');
  });

  it('asks Discord whether an unexpired invite is still live (a used single-use invite is gone)', async () => {
    const invite = { code: 'AbC123x', url: 'https://discord.gg/AbC123x', expiresAt: Date.now() + 60_000 };
    discord.routes.push(({ method, path }) =>
      method === 'GET' && path === '/invites/AbC123x' ? { body: { code: 'AbC123x' } } : undefined,
    );
    expect(await chat().inviteIsLive(invite)).toBe(true);
    discord.routes.length = 0;
    discord.routes.push(() => ({ status: 404, body: { message: 'Unknown Invite', code: 10006 } }));
    expect(await chat().inviteIsLive(invite)).toBe(false);
    discord.requests.length = 0;
    expect(await chat().inviteIsLive({ ...invite, expiresAt: Date.now() - 1 })).toBe(false);
    expect(discord.requests).toEqual([]);
  });
});

describe('Discord adapter: the member role', () => {
  const search =
    (members: Array<{ id: string; username: string }>) => (request: { method: string; path: string }) =>
      request.method === 'GET' && request.path.startsWith('/guilds/100000000000000001/members/search?')
        ? { body: members.map((user) => ({ user, roles: [] })) }
        : undefined;
  const roleChange = (method: string) => (request: { method: string; path: string }) =>
    request.method === method &&
    /^\/guilds\/100000000000000001\/members\/\d+\/roles\/300000000000000003$/.test(request.path)
      ? { status: 204 }
      : undefined;

  it('finds the account behind the exact username by members search (its user id)', async () => {
    discord.routes.push(
      search([
        { id: '111', username: 'alice.trader2' },
        { id: '222', username: 'Alice.Trader' },
      ]),
    );
    expect(await chat().findAccount('alice.trader')).toBe('222');
    expect(discord.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /guilds/100000000000000001/members/search?query=alice.trader&limit=10',
    ]);
    expect(discord.requests.every((r) => r.headers.authorization === `Bot ${TOKEN}`)).toBe(true);
  });

  it('finds no account for a username that is not in the server (not joined, or renamed)', async () => {
    discord.routes.push(search([{ id: '111', username: 'alice.trader2' }]));
    expect(await chat().findAccount('alice.trader')).toBeNull();
  });

  it('never takes an id that is not a Discord id from the search', async () => {
    discord.routes.push(search([{ id: '../../channels/1', username: 'alice.trader' }]));
    expect(await chat().findAccount('alice.trader')).toBeNull();
  });

  it('revokes and re-grants by the user id, with no search (a rename keeps the id)', async () => {
    discord.routes.push(roleChange('DELETE'), roleChange('PUT'));
    expect(await chat().revokeAccess('222', null)).toBe(true);
    expect(await chat().grantAccess('222')).toBe(true);
    expect(discord.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /guilds/100000000000000001/members/222/roles/300000000000000003',
      'PUT /guilds/100000000000000001/members/222/roles/300000000000000003',
    ]);
    expect(discord.requests.every((r) => r.headers['x-audit-log-reason'])).toBe(true);
  });

  it('changes nothing for an account that left the server (404), or with no account', async () => {
    discord.routes.push(() => ({ status: 404, body: { message: 'Unknown Member', code: 10007 } }));
    expect(await chat().revokeAccess('222', null)).toBe(false);
    expect(await chat().grantAccess('222')).toBe(false);
    discord.requests.length = 0;
    expect(await chat().revokeAccess(null, null)).toBe(false);
    expect(await chat().grantAccess('not-an-id')).toBe(false);
    expect(discord.requests).toEqual([]);
  });

  it('fails cleanly when the bot may not manage the role', async () => {
    discord.routes.push(() => ({
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
    }));
    const error = await failure(() => chat().revokeAccess('222', null));
    expect(error.status).toBe(502);
  });
});
