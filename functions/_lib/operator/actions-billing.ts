import type { Caller } from '../auth/verify.ts';
import { hasAccess, type Membership, membershipKey, parseMembership } from '../billing/membership.ts';
import { saveMembership } from '../billing/membership-write.ts';
import { followMembership } from '../chat/access.ts';
import type { ApiRequest, ApiResponse } from '../contract/index.ts';
import { HttpError } from '../http/errors.ts';
import {
  type ActionDeps,
  actorOf,
  providerCall,
  readMemberRow,
  resolveMember,
  withMemberLock,
} from './actions.ts';
import {
  changeComplimentary,
  endOfDay,
  extendComplimentary,
  isComplimentary,
} from './actions-complimentary.ts';

/**
 * The operator's billing actions (docs/operator.md "Actions"): free days, a complimentary
 * membership, cancelling at the period end or now, autopay on or off. Each runs under the member's
 * billing lock: it reads the stored state, asks the billing port (Stripe or local, the same calls),
 * then stores the provider's answer with saveMembership (its `billing.state` entry, the index, the
 * day's figures) and appends the operator's `operator.{action}` entry, before and after. A refusal
 * by the provider changes nothing and writes nothing (the error says why). Chat access then follows
 * the membership, as after a webhook.
 */
type Acted = ApiResponse<'operator/members/extend'>;

/** Reads the member's record under the lock: the raw text (for a compare) and the parsed state. */
async function readRecord(deps: ActionDeps, sub: string) {
  const raw = await deps.store.get<string>(membershipKey(sub));
  return { raw, membership: parseMembership(raw) };
}

/** A subscription at the provider the port can act on; 409 saying why not otherwise. */
function paidSubscription(membership: Membership | null): Membership {
  if (!membership) throw new HttpError(409, 'The member has no membership.');
  if (isComplimentary(membership))
    throw new HttpError(
      409,
      'The member has a complimentary membership: change its end with the complimentary action.',
    );
  if (membership.status === 'canceled' || membership.status === 'incomplete_expired')
    throw new HttpError(409, 'The subscription has ended.');
  return membership;
}

/** After the lock: chat access follows the new state (never throws), and the member's row. */
async function answer(deps: ActionDeps, sub: string): Promise<Acted> {
  await followMembership(deps, sub);
  return { member: await readMemberRow(deps, sub) };
}

/** Stores the provider's answer with the operator's entry (before: the state it replaced). */
async function record(
  deps: ActionDeps,
  caller: Caller,
  sub: string,
  action: string,
  after: Membership,
): Promise<void> {
  // One entry, the operator's, written with the state (the provider's answer to their action).
  await saveMembership(deps.store, sub, after, {
    at: deps.now(),
    actor: actorOf(caller),
    action: `operator.${action}`,
  });
}

/** Free days: the period end (and the next charge) moves `days` later. */
export async function extendMember(
  deps: ActionDeps,
  caller: Caller,
  input: ApiRequest<'operator/members/extend'>,
): Promise<Acted> {
  const sub = await resolveMember(deps.store, input);
  await withMemberLock(deps.store, sub, async () => {
    const read = await readRecord(deps, sub);
    const { membership: stored } = read;
    if (stored && isComplimentary(stored))
      return extendComplimentary(deps, caller, sub, { ...read, membership: stored }, input.days);
    const membership = paidSubscription(read.membership);
    // A renewal that failed is settled by the card, not postponed: Stripe keeps the unpaid invoice.
    if (
      (membership.status !== 'active' && membership.status !== 'trialing') ||
      !hasAccess(membership, deps.now())
    )
      throw new HttpError(
        409,
        `Only a running subscription can be extended (this one is ${membership.status}, without access). Grant a complimentary membership instead.`,
      );
    const billing = await deps.billing();
    // The state read is part of the operation: a retry of this very request replays it, a later
    // extension (a new state) is a new one.
    const after = await providerCall(() =>
      billing.extendPeriod(membership, input.days, `operator-extend:${sub}:${membership.asOf}:${input.days}`),
    );
    await record(deps, caller, sub, 'extend', after);
  });
  return answer(deps, sub);
}

/** A complimentary membership until the end of a day (UTC), or ended now (`until` null). */
export async function setComplimentary(
  deps: ActionDeps,
  caller: Caller,
  input: ApiRequest<'operator/members/complimentary'>,
): Promise<Acted> {
  const until = input.until === null ? null : endOfDay(input.until);
  const sub = await resolveMember(deps.store, input);
  await withMemberLock(deps.store, sub, async () =>
    changeComplimentary(deps, caller, sub, await readRecord(deps, sub), until),
  );
  return answer(deps, sub);
}

/** Cancel at the period end (autopay off, access until then) or now (access stops, no refund). */
export async function cancelMember(
  deps: ActionDeps,
  caller: Caller,
  input: ApiRequest<'operator/members/cancel'>,
): Promise<Acted> {
  const sub = await resolveMember(deps.store, input);
  await withMemberLock(deps.store, sub, async () => {
    const membership = paidSubscription((await readRecord(deps, sub)).membership);
    const billing = await deps.billing();
    if (input.when === 'now') {
      const after = await providerCall(() =>
        billing.cancelNow(membership, `operator-cancel:${sub}:${membership.subscriptionId}`),
      );
      return record(deps, caller, sub, 'cancel-now', after);
    }
    if (membership.cancelAtPeriodEnd)
      throw new HttpError(409, 'The subscription already ends at its period end.');
    const after = await providerCall(() =>
      billing.setCancelAtPeriodEnd(membership, true, `operator-autopay:${sub}:false:${membership.asOf}`),
    );
    await record(deps, caller, sub, 'cancel-period-end', after);
  });
  return answer(deps, sub);
}

/** Autopay on (renews at the period end) or off (ends then). */
export async function setMemberAutopay(
  deps: ActionDeps,
  caller: Caller,
  input: ApiRequest<'operator/members/autopay'>,
): Promise<Acted> {
  const sub = await resolveMember(deps.store, input);
  await withMemberLock(deps.store, sub, async () => {
    const membership = paidSubscription((await readRecord(deps, sub)).membership);
    if (membership.cancelAtPeriodEnd !== input.on)
      throw new HttpError(409, `Autopay is already ${input.on ? 'on' : 'off'}.`);
    const billing = await deps.billing();
    const after = await providerCall(() =>
      billing.setCancelAtPeriodEnd(
        membership,
        !input.on,
        `operator-autopay:${sub}:${input.on}:${membership.asOf}`,
      ),
    );
    await record(deps, caller, sub, input.on ? 'autopay-on' : 'autopay-off', after);
  });
  return answer(deps, sub);
}
