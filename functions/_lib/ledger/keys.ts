/**
 * The money ledger in the store (docs/operator.md "Money"). Written only by the ledger step
 * (ledger-step.ts), inside the script of the change that moved the money, or on its own for money
 * that changes no membership (a refund); read by the console's figures. Nothing here is scanned.
 */
export const ledgerKeys = {
  /**
   * HASH provider id → JSON LedgerEntry (contract/operator.ts): every charge, proration, refund and
   * failed charge, once (HSETNX: an entry seen again changes nothing).
   */
  entries: 'ledger:entries',
  /** LIST of one member's entry ids, oldest first: their payment history. */
  member: (sub: string) => `ledger:member:${sub}`,
  /** HASH charge id → cents refunded of it so far: refunds never give back more than was charged. */
  refunded: 'ledger:refunded',
  /**
   * HASH of one UTC day's money in integer cents and counts (cash.ts `CASH_FIELDS`), HINCRBY'd
   * with the entry that moved it, on the day the money moved.
   */
  day: (day: string) => `ledger:day:${day}`,
} as const;
