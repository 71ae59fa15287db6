import type { Caller } from '../auth/verify.ts';
import { hasAccess, membershipKey, parseMembership } from '../billing/membership.ts';
import { membershipRequired } from '../http/errors.ts';

/**
 * Member content (player ids, full lists, audio, the stream) needs an active membership. The
 * membership key is read in the endpoint's own pipeline (no extra round trip); this judges the reply.
 */
export function membershipKeyOf(caller: Caller): string {
  return membershipKey(caller.sub);
}

/** Throws the 403 `{ redirect: true }` (SPEC §4) when the pipelined membership reply grants no access. */
export function assertMember(rawMembership: unknown, now: number): void {
  if (!hasAccess(parseMembership(rawMembership), now)) throw membershipRequired();
}
