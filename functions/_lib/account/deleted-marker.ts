/**
 * What a deleted account leaves behind to tell it apart (docs/security.md, "Your data"): a digest
 * of its sub, and a marker that billing reads so a late webhook for the member writes nothing back.
 * Apart from deletion.ts so billing can read it without importing the deletion's dependencies.
 */
import { createHash } from 'node:crypto';

/**
 * A short one-way digest of a sub: what the audit line and the course counters keep of a deleted
 * member. A sub carries ~96 random bits, so it cannot be guessed back from the digest, yet an
 * operator holding a sub (a billing question: Stripe keeps it on the subscription) can compute it
 * and find the line.
 */
export const subDigest = (sub: string) =>
  createHash('sha256').update(`member:${sub}`).digest('hex').slice(0, 16);

/** The name the records kept of a deleted member (audit log, ledger, local billing) give it. */
export const pseudonymOf = (sub: string) => `deleted:${subDigest(sub)}`;

/**
 * Marks a deleted (or being deleted) account: a retry after the identity is gone may finish without
 * a password, and billing may tell a late webhook for the member apart (docs/security.md).
 */
export const deletingKey = (sub: string) => `account:deleting:${subDigest(sub)}`;
/** Longer than any access token lives (24 h) and than Stripe retries a webhook event (3 days). */
export const DELETING_TTL_S = 4 * 24 * 3600;
