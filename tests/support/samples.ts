import { randomUUID } from 'node:crypto';
import type { ApiName } from '../../functions/_lib/contract/index.ts';

/** What a member's sample data is called in every suite that seeds one (ids are per member). */
export const SAMPLE_IDS = {
  note: 'note_AAAAAAAAAAAAAAAA',
  category: 'category_AAAAAAAAAAAAAAAA',
  trade: 'trade_AAAAAAAAAAAAAAAA',
  symbol: 'ABCD',
  action: 'action_AAAAAAAAAAAAAAAA',
} as const;

/**
 * The chat username of the samples: one member holds a name at a time (another gets 409), so each
 * suite has its own, and its first member's request reaches the whole invite path.
 */
const SAMPLE_CHAT_NAME = `member.${randomUUID().slice(0, 8)}`;

/** The setup tag every seeded member has on its typed trade (tag ids are per member). */
export const SAMPLE_TAG = 'setup:gap-and-go';

export const sampleExecution = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  broker: 'das',
  account: 'ACC1',
  time: Date.UTC(2026, 2, 17, 13, 30),
  symbol: SAMPLE_IDS.symbol,
  side: 'buy',
  qty: 1000,
  price: '0.0042',
  fees: '0',
  orderId: 'o1',
  ...over,
});

/**
 * A valid request for every endpoint whose empty body is refused, built around the test video's id
 * (a random one per run, see library fixture). The generated suites start from these and break one
 * thing at a time; a new endpoint that refuses `{}` must add its sample here (a test says so).
 */
export function validRequests(
  videoId: string,
  ids: { [K in keyof typeof SAMPLE_IDS]: string } = SAMPLE_IDS,
): Partial<Record<ApiName, Record<string, unknown>>> {
  return {
    charge: {
      email: 'member@example.com',
      planID: 'monthly',
      token: 'tok_local_4242424242424242',
      promo: null,
    },
    promo: { promo: 'NOPE' },
    'payment/verify': { promoAccess: 'email' },
    'subscription/toggle': { renew: false },
    'user/updatecard': { token: 'tok_local_4242424242424242' },
    'user/updateemail': { email: 'new@example.com', currentPassword: 'a-guess', userID: 'auth0|someone' },
    'user/confirmemail': { token: 'A'.repeat(43), purpose: 'change' },
    'user/updatepassword': {
      password: 'correct horse battery',
      currentPassword: 'a-guess',
      userID: 'auth0|someone',
    },
    'user/signout': { userID: 'auth0|someone' },
    'account/export': { userID: 'auth0|someone' },
    'account/delete': { password: 'a-guess', userID: 'auth0|someone' },
    'account/marketkey': { key: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', perMinute: 5, userID: 'auth0|someone' },
    'user/discord': { discord: SAMPLE_CHAT_NAME, userID: 'auth0|someone', custID: 'cus_someone' },
    videos: { maxResults: 10, more: null, playlist: 'essentials', search: 'gap', tags: ['level-2'] },
    'videos/metadata': { nodeId: `vid_${videoId}` },
    'courses/module': { course: 'penny-stock-essentials', module: 'the-market' },
    // Questions of the bank. A member who never opened the module has no draw, so this is a 409:
    // a draw made for the sample would change with the first attempt accepted, and every later case
    // would be refused for the questions, not for what it broke. tests/functions/courses.test.ts
    // sends bad attempts against a real draw.
    'courses/check': {
      course: 'penny-stock-essentials',
      module: 'the-market',
      answers: [
        { question: 'tier-no-public-quote', choices: ['expert'] },
        { question: 'rule-2021-change', choices: ['current-info'] },
        { question: 'tick-percent', choices: ['thirty-three'] },
        { question: 'spread-cost', choices: ['cost', 'percent'] },
        { question: 'level-2-reading', choices: ['depth', 'thin-ask'] },
      ],
    },
    'videos/progress': { nodeId: `vid_${videoId}`, position: 12, duration: 600 },
    'courses/certificate': { course: 'penny-stock-essentials', name: 'Ann Lee' },
    'courses/certificate/withdraw': { course: 'penny-stock-essentials' },
    'courses/profile': { accountSize: '25000' },
    'articles/read': { article: 'how_the_otc_market_works' },
    'journal/notes': { page: 0 },
    'journal/export': { page: 0 },
    'journal/metadata': { note_id: ids.note },
    'journal/notes/update': {
      note_id: ids.note,
      title: 'A note',
      body: '<p>Hi $ABCD</p>',
      basedOn: null,
      timestamp: 1,
      symbols: [ids.symbol],
      categories: [ids.category],
    },
    'journal/notes/delete': { note_id: ids.note },
    'journal/search': { query: 'breakout' },
    'journal/symbols/notes': { symbol: ids.symbol },
    'journal/categories/notes': { category_id: ids.category },
    'journal/categories/update': { category_id: ids.category, category: 'Setups' },
    'journal/trades': {
      filter: { symbol: ids.symbol, from: 0, to: 8_640_000_000_000, side: 'buy', status: 'open' },
      page: 0,
    },
    'journal/trades/update': {
      trade_id: ids.trade,
      symbol: ids.symbol,
      tradeType: 'buy',
      buyPrice: '0.0042',
      sellPrice: null,
      shares: '1000',
      note: 'Gap play',
      sellProfit: null,
      updated: 1,
      time: Date.UTC(2026, 2, 17, 13, 30),
    },
    'journal/trades/delete': { trade_id: ids.trade },
    'journal/trades/import': { executions: [sampleExecution({ symbol: ids.symbol })], dryRun: false },
    'journal/trades/tags/update': {
      trip_ids: [ids.trade],
      define: [{ name: 'Gap and go', kind: 'setup' }],
      add: [],
      remove: [],
      risk: '50',
    },
    'trades/review': { trip: ids.trade, answers: { 'ABCD@ACCT': 'short' } },
    'journal/trades/rules': { answers: { 'ABCD@ACCT': 'short' } },
    'journal/trades/answers': { answers: { 'ABCD@ACCT': 'held' } },
    'journal/trades/tags/rename': { tag_id: SAMPLE_TAG, name: 'Gap & go' },
    'journal/trades/tags/delete': { tag_id: SAMPLE_TAG },
    'journal/trades/actions/update': {
      add: [{ action_id: ids.action, kind: 'split', symbol: ids.symbol, date: '2026-03-16', ratio: '1/10' }],
      delete_ids: [ids.action],
    },
    'operator/members': { query: 'member@example.com', cursor: null, limit: 10 },
    'operator/audit': { member: 'auth0|someone', cursor: '0' },
    'operator/audit/export': { member: 'auth0|someone' },
    // The operator's actions, on a member no suite has (a 404 once the request is valid).
    'operator/members/extend': { member: 'auth0|someone', days: 7 },
    'operator/members/complimentary': { member: 'auth0|someone', until: '2030-01-31' },
    'operator/members/cancel': { member: 'auth0|someone', when: 'period-end' },
    'operator/members/autopay': { member: 'auth0|someone', on: true },
    'operator/members/chat': { member: 'auth0|someone', access: 'revoke' },
    'operator/members/chat/invite': { member: 'auth0|someone' },
    'operator/emails/retry': { key: 'welcome:auth0|someone' },
  };
}
