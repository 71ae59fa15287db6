import type { ChatConfig } from '../config.ts';
import { logWarning } from '../http/log.ts';
import { type Chat, ChatUnavailableError, type Invite } from './port.ts';

/**
 * The chat port over Discord's REST API (v10) with a bot token: single-use invites to the invite
 * channel, the account behind a username found by members search (its user id is what the domain
 * keeps and binds to the member), and the member role given to or taken from that id.
 * Plain fetch (no SDK): four routes. Discord's rate limits answer 429 with `retry_after` seconds
 * (body, and the Retry-After header): a short wait is waited once and the call retried; a longer one
 * fails cleanly, because a member is waiting for the answer. Errors reach the member as a short
 * message; Discord's body and our token never leave this module (logs name the route and status).
 */
export type DiscordConfig = Extract<ChatConfig, { kind: 'discord' }>;

/** One day: long enough to open the link, short enough that a forwarded link soon dies. */
export const INVITE_MAX_AGE_S = 24 * 60 * 60;
const MAX_RATE_LIMIT_WAIT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 8_000;
/** A Discord id: a decimal snowflake. */
const SNOWFLAKE = /^\d{1,20}$/;
// Discord asks bots to identify themselves this way (its API reference, "User Agent").
const USER_AGENT = 'DiscordBot (https://otcedge.app, 1.0)';

const down = () =>
  new ChatUnavailableError(
    'The chat community cannot be reached right now. Please try again in a few minutes.',
  );
const busy = () =>
  new ChatUnavailableError('The chat community is busy right now. Please try again in a minute.');
const refused = () =>
  new ChatUnavailableError(
    'The chat community refused the request. Please try again later or contact support.',
    502,
  );

export interface DiscordOptions {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export function createDiscordChat(config: DiscordConfig, options: DiscordOptions = {}): Chat {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const base = config.apiBase.replace(/\/+$/, '');

  /** One call, retried once after a short rate-limit wait. `route` (method and path pattern) names it in logs. */
  async function call(
    method: string,
    path: string,
    route: string,
    { body, reason }: { body?: unknown; reason?: string } = {},
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: `Bot ${config.botToken}`,
            'User-Agent': USER_AGENT,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            // Shown in the server's audit log, so moderators see why the bot acted.
            ...(reason ? { 'X-Audit-Log-Reason': encodeURIComponent(reason) } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        logWarning(`discord ${route} failed`, error);
        throw down();
      }
      if (response.status === 429) {
        const waitMs = await retryAfterMs(response);
        if (attempt === 0 && waitMs !== null && waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
          await sleep(waitMs);
          continue;
        }
        logWarning(`discord ${route}`, `rate limited (retry after ${waitMs ?? '?'} ms)`);
        throw busy();
      }
      if (response.status >= 500) {
        logWarning(`discord ${route}`, `answered ${response.status}`);
        await response.body?.cancel();
        throw down();
      }
      return response;
    }
  }

  /** A 2xx, or the clean error for anything else (401/403: our bot's token or permissions). */
  async function ok(response: Response, route: string): Promise<Response> {
    if (response.ok) return response;
    logWarning(`discord ${route}`, `answered ${response.status}`);
    await response.body?.cancel();
    throw refused();
  }

  async function findAccount(username: string): Promise<string | null> {
    const route = 'GET /guilds/{guild}/members/search';
    const query = new URLSearchParams({ query: username, limit: '10' });
    const response = await ok(
      await call('GET', `/guilds/${config.guildId}/members/search?${query}`, route),
      route,
    );
    // The search matches the start of usernames and nicknames: only the exact username counts.
    const answer = (await response.json()) as unknown;
    const members = (Array.isArray(answer) ? answer : []) as Array<{
      user?: { id?: unknown; username?: unknown };
    }>;
    const found = members.find(
      (m) => typeof m.user?.username === 'string' && m.user.username.toLowerCase() === username,
    );
    const id = found?.user?.id;
    // The id goes into our store and later into a path: only a snowflake is one.
    return typeof id === 'string' && SNOWFLAKE.test(id) ? id : null;
  }

  /** The role by the account's id (kept since the account was found), never by a name typed later. */
  async function setRole(account: string, method: 'PUT' | 'DELETE', reason: string): Promise<boolean> {
    if (!SNOWFLAKE.test(account)) return false;
    const route = `${method} /guilds/{guild}/members/{user}/roles/{role}`;
    const path = `/guilds/${config.guildId}/members/${account}/roles/${config.roleId}`;
    const response = await call(method, path, route, { reason });
    // 404: the user left the server; nothing to change.
    if (response.status === 404) {
      await response.body?.cancel();
      return false;
    }
    await (await ok(response, route)).body?.cancel();
    return true;
  }

  return {
    kind: 'discord',

    async createInvite(): Promise<Invite> {
      const route = 'POST /channels/{channel}/invites';
      const response = await ok(
        await call('POST', `/channels/${config.channelId}/invites`, route, {
          body: { max_age: INVITE_MAX_AGE_S, max_uses: 1, unique: true, temporary: false },
          reason: 'Member invite from the OTC Edge site',
        }),
        route,
      );
      const invite = (await response.json()) as { code?: unknown; expires_at?: unknown };
      if (typeof invite.code !== 'string' || !/^[\w-]+$/.test(invite.code)) {
        logWarning(`discord ${route}`, 'answered without an invite code');
        throw refused();
      }
      const expires = typeof invite.expires_at === 'string' ? Date.parse(invite.expires_at) : Number.NaN;
      return {
        code: invite.code,
        url: `https://discord.gg/${invite.code}`,
        expiresAt: Number.isFinite(expires) ? expires : now() + INVITE_MAX_AGE_S * 1000,
      };
    },

    async inviteIsLive(invite) {
      if (invite.expiresAt <= now()) return false;
      const route = 'GET /invites/{code}';
      const response = await call('GET', `/invites/${encodeURIComponent(invite.code)}`, route);
      // A single-use invite is deleted once used: Discord then answers 404 (Unknown Invite).
      if (response.status === 404) {
        await response.body?.cancel();
        return false;
      }
      await (await ok(response, route)).body?.cancel();
      return true;
    },

    findAccount,

    grantAccess: (account) => setRole(account, 'PUT', 'Membership active on the OTC Edge site'),

    // An invite still outstanding expires within a day; joining with it gives no member role.
    revokeAccess: async (account) =>
      account !== null && setRole(account, 'DELETE', 'Membership ended on the OTC Edge site'),
  };
}

/** Discord's wait: `retry_after` seconds in the JSON body, else the Retry-After header. */
async function retryAfterMs(response: Response): Promise<number | null> {
  const body = (await response.json().catch(() => null)) as { retry_after?: unknown } | null;
  const header = response.headers.get('retry-after');
  const seconds =
    typeof body?.retry_after === 'number' ? body.retry_after : header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
}
