/**
 * The operator's indexes and audit log in the store (docs/operator.md). Written by the membership
 * write's script (billing/membership-write.ts, every billing state change, from our own calls or a
 * webhook), the start-up status call (lastVisit), and, for the search, by every write of what it
 * finds members by (an email change, a chat username, a certificate's name); read by the operator
 * endpoints. Nothing here is ever scanned: every read names its keys.
 */
export const opsKeys = {
  /**
   * ZSET sub → the time (ms) the member's billing state was first stored (ZADD NX, never moved):
   * every member, in the console's order, newest first.
   */
  members: 'ops:members',
  /**
   * HASH of one member: `email` (lower case, from the charge), `signedUpAt` (ms, as the ZSET's
   * score), `lastVisit` (ms, the app's start-up status call), `promo` (the code paid with at the
   * charge), `complimentaryUntil` (ms: the end of a complimentary membership an operator granted,
   * the `free` status).
   */
  member: (sub: string) => `ops:member:${sub}`,
  /** HASH email (lower case) → sub: the exact address's member (emails.ts). Customer id → sub is billing's. */
  email: 'ops:email',
  /**
   * ZSET, every score 0, of `{term}\0{sub}` in byte order: the console's search (search.ts). A term
   * is a member's email, its `@domain`, their customer id, chat username and certificate names, and
   * the words of those names (search-terms.ts), so a query's members are the entries from `[q` to
   * `[q\xff` (ZRANGEBYLEX). Written with the member's terms below, in the same script as what they
   * come from (search-index.ts); built for members indexed before it by a backfill (search-backfill.ts).
   */
  search: 'ops:search',
  /**
   * HASH sub → JSON `{ source: [terms] }` (source `email`, `customer`, `chat`, `cert:{course}`): each
   * member's terms in `ops:search` by where they come from, so a write replaces its own and removes
   * what no source holds any more; the search's walk for a query matching too many entries reads it.
   */
  searchTerms: 'ops:search-terms',
  /**
   * STRING: how far the search backfill got (`{score}|{done at that score}` of `members`, oldest
   * first), `done` once every member indexed before the search was filed (search-backfill.ts).
   */
  searchBackfill: 'ops:search:backfill',
  /**
   * LIST of JSON AuditEntry, oldest first, only ever appended (RPUSH, in the same script as the
   * change it records): every entry, and each member's own.
   */
  audit: 'ops:audit',
  memberAudit: (sub: string) => `ops:audit:${sub}`,
  /**
   * HASH of one UTC day's counts (figures.ts `DAY_FIELDS`): the changes counted that day and the
   * gauges' moves, HINCRBY'd by saveMembership's script with the write they count.
   */
  day: (day: string) => `ops:day:${day}`,
  /** HASH day (`YYYY-MM-DD`) → JSON DailySnapshot, written by the daily job (operator-snapshot). */
  snapshots: 'ops:snapshots',
  /** HASH churn reason code → how many members gave it when turning autopay off. */
  churnReasons: 'ops:churn-reasons',
  /** A turn-off whose reason was counted (churn-step.ts): `{subscriptionId}:{asOf turned off from}`. */
  churnOnce: (turnOff: string) => `ops:churn-once:${turnOff}`,
  /** LIST of the latest reasons given (JSON {at, sub, code, text}), newest first, capped (churn.ts). */
  churnRecent: 'ops:churn-recent',
} as const;

/** The fields of `opsKeys.member`. */
export const memberFields = {
  email: 'email',
  signedUpAt: 'signedUpAt',
  lastVisit: 'lastVisit',
  promo: 'promo',
  complimentaryUntil: 'complimentaryUntil',
} as const;
