/**
 * The operator's indexes and audit log in the store (docs/operator.md). Written only by
 * saveMembership's script (billing/billing.ts, every billing state change, from our own calls or a
 * webhook) and by the start-up status call (lastVisit); read by the operator endpoints. Nothing here
 * is ever scanned: every read names its keys.
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
  /** HASH email (lower case) → sub: the console's lookup by email. Customer id → sub is billing's. */
  email: 'ops:email',
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
