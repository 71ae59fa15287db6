import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ApiName, type ApiRequest, api } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import type { Access, Endpoint } from '../../functions/_lib/http/handler.ts';
import { NON_API_FUNCTIONS } from '../support/functions.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { authHeader, OPERATOR_PERMISSIONS } from '../support/tokens.ts';

/**
 * Deny by default: every function answers 401 to a caller without a valid token, except the ones
 * on these explicit lists. A new public endpoint must be added here on purpose.
 */
const PUBLIC = new Set<ApiName>([
  'appconfig',
  'articles/free',
  'billing/webhook',
  'health',
  'playlists',
  'promo',
  'tags',
  // An email link's page posts its token, signed in or not: the single-use token is the proof.
  'user/confirmemail',
]);
/** Answer visitors (no token) and members alike; a token that is sent must still be valid. */
const VISITOR_OR_USER = new Set<ApiName>(['videos', 'videos/metadata']);
/** The operator's calls (docs/operator.md): a verified token granting the operator's permission. */
const OPERATOR = new Set<ApiName>([
  'operator/members',
  'operator/audit',
  'operator/audit/export',
  'operator/members/extend',
  'operator/members/complimentary',
  'operator/members/cancel',
  'operator/members/autopay',
  'operator/members/chat',
  'operator/members/chat/invite',
  'operator/metrics',
  'operator/emails',
  'operator/emails/retry',
]);
/**
 * The operator's actions name a member: one that does not exist, so an operator who is let through
 * hears 404 naming it (the actions themselves: tests/functions/operator-actions.test.ts).
 */
const OPERATOR_REQUESTS: { [N in ApiName]?: ApiRequest<N> } = {
  'operator/members/extend': { member: 'auth0|nobody', days: 1 },
  'operator/members/complimentary': { member: 'auth0|nobody', until: null },
  'operator/members/cancel': { member: 'auth0|nobody', when: 'now' },
  'operator/members/autopay': { member: 'auth0|nobody', on: true },
  'operator/members/chat': { member: 'auth0|nobody', access: 'restore' },
  'operator/members/chat/invite': { member: 'auth0|nobody' },
  'operator/emails/retry': { key: 'welcome:auth0|nobody' },
};
/**
 * A valid request for each member endpoint that refuses an empty body, so the membership check is
 * what answers (a malformed request hears about its input first).
 */
const VALID_REQUESTS: { [N in ApiName]?: ApiRequest<N> } = {
  'videos/progress': { nodeId: 'vid_abc', position: 12 },
  'subscription/toggle': { renew: false },
  'user/discord': { discord: 'member.name' },
  'journal/metadata': { note_id: 'note_AAAAAAAAAAAAAAAA' },
  'journal/notes/update': { note_id: 'note_AAAAAAAAAAAAAAAA', title: 'A note', body: '<p>Hi</p>' },
  'journal/notes/delete': { note_id: 'note_AAAAAAAAAAAAAAAA' },
  'journal/symbols/notes': { symbol: 'ABCD' },
  'journal/search': { query: 'breakout' },
  'journal/trades/update': {
    trade_id: 'trade_AAAAAAAAAAAAAAAA',
    symbol: 'ABCD',
    tradeType: 'buy',
    buyPrice: '0.0042',
    shares: '1000',
  },
  'journal/trades/delete': { trade_id: 'trade_AAAAAAAAAAAAAAAA' },
  'journal/trades/import': {
    executions: [{ broker: 'das', time: 1, symbol: 'ABCD', side: 'buy', qty: 1, price: '0.0042', fees: '0' }],
  },
  'journal/trades/tags/update': {
    trip_ids: ['trade_AAAAAAAAAAAAAAAA'],
    define: [{ name: 'Gap', kind: 'setup' }],
  },
  'trades/review': { trip: 'trade_AAAAAAAAAAAAAAAA' },
  'journal/trades/answers': { answers: { 'ABCD@TZ-1': 'short' } },
  'journal/trades/tags/rename': { tag_id: 'setup:gap', name: 'Gap up' },
  'journal/trades/tags/delete': { tag_id: 'setup:gap' },
  'journal/trades/actions/update': { delete_ids: ['action_AAAAAAAAAAAAAAAA'] },
  'journal/categories/notes': { category_id: 'category_AAAAAAAAAAAAAAAA' },
  'journal/categories/update': { category_id: 'category_AAAAAAAAAAAAAAAA', category: 'Setups' },
  'courses/module': { course: 'penny-stock-essentials', module: 'the-market' },
  'courses/check': { course: 'penny-stock-essentials', module: 'the-market', answers: [] },
  'courses/certificate': { course: 'penny-stock-essentials', name: 'Ann Lee' },
  'courses/certificate/withdraw': { course: 'penny-stock-essentials' },
  'courses/profile': { accountSize: '25000' },
  'articles/read': { article: 'how_the_otc_market_works' },
  'account/marketkey': { key: null },
};

const root = new URL('../../functions/', import.meta.url);
const endpoints = await Promise.all(
  readdirSync(root)
    .filter((file) => file.endsWith('.ts') && !NON_API_FUNCTIONS.has(file))
    .map(async (file) => {
      const handler = (await import(new URL(file, root).href)).default as Partial<Endpoint<never>> &
        ((request: Request) => Promise<Response>);
      const name = file.replace(/\.ts$/, '').replaceAll('-', '/') as ApiName;
      return { file, name, handler, access: handler.access as Access | undefined };
    }),
);
const members = endpoints.filter((e) => e.access === 'member');
const operators = endpoints.filter((e) => e.access === 'operator');

const open = (name: ApiName) => PUBLIC.has(name) || VISITOR_OR_USER.has(name);
const request = (name: ApiName, headers: Record<string, string>, body: unknown = {}) =>
  new Request(`http://localhost/api/${name}`, {
    method: api[name].method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(api[name].method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });

describe.each(endpoints.filter((e) => !PUBLIC.has(e.name)))('functions/$file', ({ name, handler }) => {
  const cases: Array<[string, Record<string, string>]> = [
    ['a malformed token', { authorization: 'Bearer abc.def.ghi' }],
    ...(open(name)
      ? []
      : ([
          ['no token', {}],
          ['a token-shaped string in another scheme', { authorization: 'Token abc.def.ghi' }],
        ] as Array<[string, Record<string, string>]>)),
  ];
  it.each(cases)('answers 401 to %s', async (_case, headers) => {
    const response = await handler(request(name, headers));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Sign in to continue' });
  });
});

describe.each(members)("member content: functions/$file (access: 'member')", ({ name, handler }) => {
  const body = VALID_REQUESTS[name] ?? {};

  it.each([
    ['without a membership', null],
    ['whose membership ended', activeMembership({ status: 'canceled' })],
  ])('answers a signed-in user %s 403 { redirect: true }', async (_case, membership) => {
    const { headers } = await signedIn(getDeps().store, membership);
    const response = await handler(request(name, headers, body));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'An active membership is required', redirect: true });
  });
});

describe.each(operators)("operator calls: functions/$file (access: 'operator')", ({ name, handler }) => {
  it.each([
    ['a member', activeMembership()],
    ['a signed-in user without a membership', null],
  ])('answers %s 403 Operator access required (no redirect)', async (_case, membership) => {
    const { headers } = await signedIn(getDeps().store, membership);
    const response = await handler(request(name, headers));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Operator access required' });
  });

  it('answers a token whose permissions are not a list of strings, or name others, 403', async () => {
    for (const permissions of ['read:members', [{ name: 'read:members' }], ['read:journal'], null]) {
      const headers = await authHeader({ extra: { permissions } });
      expect((await handler(request(name, headers))).status, JSON.stringify(permissions)).toBe(403);
    }
  });

  it('lets an operator through', async () => {
    const body = OPERATOR_REQUESTS[name];
    const response = await handler(
      request(name, await authHeader({ permissions: OPERATOR_PERMISSIONS }), body ?? {}),
    );
    expect(response.status).toBe(body ? 404 : 200);
    await response.body?.cancel();
  });
});

describe('the access lists', () => {
  it('name only functions that exist', () => {
    for (const name of [...PUBLIC, ...VISITOR_OR_USER, ...OPERATOR])
      expect(endpoints.map((e) => e.name)).toContain(name);
  });

  it('agree with what each function declares', () => {
    for (const { name, access } of endpoints) {
      if (name === 'billing/webhook') continue; // verified by its signature, not defineEndpoint
      const listed = PUBLIC.has(name)
        ? 'public'
        : VISITOR_OR_USER.has(name)
          ? 'visitor-or-user'
          : OPERATOR.has(name)
            ? 'operator'
            : undefined;
      if (listed) expect(access, name).toBe(listed);
      else expect(['user', 'member'], name).toContain(access);
    }
  });

  it('hold a valid request for every member endpoint that refuses an empty body', () => {
    for (const { name } of members) {
      const accepted = api[name].request.safeParse(VALID_REQUESTS[name] ?? {}).success;
      expect(accepted, `add a valid request for ${name} to VALID_REQUESTS`).toBe(true);
    }
  });

  it('cover the member content (audio, stream, articles, continue watching, progress)', () => {
    expect(members.map((e) => e.name)).toEqual(
      expect.arrayContaining(['articles', 'audio', 'stream', 'videos/continue', 'videos/progress']),
    );
  });
});
