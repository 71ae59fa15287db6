import type { Caller } from '../auth/verify.ts';
import { chargeLockKey } from '../billing/billing.ts';
import type { BillingPorts } from '../billing/billing-ports.ts';
import { customerOwnerKey, type Membership, membershipKey, parseMembership } from '../billing/membership.ts';
import { BillingRefusedError, CardError } from '../billing/port.ts';
import type { ChatPorts } from '../chat/chat-ports.ts';
import { chatKeys } from '../chat/keys.ts';
import type { MemberRow } from '../contract/operator.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { flatEntries, type Store } from '../store.ts';
import { withLock } from '../store-lock.ts';
import type { AuditActor, AuditEntry } from './audit.ts';
import { opsKeys } from './keys.ts';
import { memberRow } from './members.ts';

/**
 * What the operator's actions share (docs/operator.md "Actions"): who the action is for, who acts,
 * the member's lock, the port's refusals as 4xx, and the member's row as the answer.
 */
export type ActionDeps = Pick<Deps, 'store' | 'now'> & Pick<BillingPorts, 'billing'> & ChatPorts;

/** The target as the request names it: the member's subject or their payment customer id. */
export interface Target {
  member?: string | undefined;
  customerId?: string | undefined;
}

/** The operator, as the audit log records them. */
export const actorOf = (caller: Caller): AuditActor => ({ sub: caller.sub, email: caller.email });

/** An operator's audit entry (`operator.{action}`), before and after the record it changed. */
export const operatorEntry = (
  caller: Caller,
  action: string,
  member: string,
  at: number,
  before: unknown,
  after: unknown,
): AuditEntry => ({ at, actor: actorOf(caller), action: `operator.${action}`, member, before, after });

/**
 * The member an action is for. A subject must be in the member index (every member whose billing
 * state was ever stored is); a customer id must map to a member. Unknown → 404 naming it.
 */
export async function resolveMember(store: Store, target: Target): Promise<string> {
  const { member, customerId } = target;
  if (member && customerId) throw badRequest('customerId: Send the member or their customer id, not both');
  if (member) {
    if ((await store.zscore(opsKeys.members, member)) === null) throw notFound(`No member '${member}'`);
    return member;
  }
  if (customerId) {
    const sub = await store.get<string>(customerOwnerKey(customerId));
    if (!sub) throw notFound(`No member with the customer id '${customerId}'`);
    return String(sub);
  }
  throw badRequest('member: Name the member (or send their customer id)');
}

/**
 * The member's billing lock: the one the charge and the upgrade hold (billing.ts), so an operator's
 * change never crosses a member's payment, and two operators acting on one member go one after the
 * other, each reading the state the other left (two extensions add up exactly). An operator waits
 * for it (a member's charge holds it for one provider call); still taken after the wait → 409.
 */
const LOCK_MS = 60_000;
const WAIT_MS = 20_000;

export const withMemberLock = <T>(store: Store, sub: string, work: () => Promise<T>): Promise<T> =>
  withLock(
    store,
    chargeLockKey(sub),
    LOCK_MS,
    () => new HttpError(409, 'Another change to this member is under way. Try again in a minute.'),
    work,
    WAIT_MS,
  );

/** The card provider's refusal, as the operator should read it (nothing was changed). */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardError) throw new HttpError(402, error.message);
    if (error instanceof BillingRefusedError) throw new HttpError(409, error.message);
    throw error;
  }
}

export async function readStoredMembership(store: Store, sub: string): Promise<Membership | null> {
  return parseMembership(await store.get<string>(membershipKey(sub)));
}

/** The member's row as the console lists it (operator/members.ts), read in one pipeline. */
export async function readMemberRow(deps: Pick<Deps, 'store' | 'now'>, sub: string): Promise<MemberRow> {
  const [fields, membership, chat] = await deps.store
    .pipeline()
    .hgetall(opsKeys.member(sub))
    .get(membershipKey(sub))
    .get(chatKeys.member(sub))
    .exec<[unknown, unknown, unknown]>();
  return memberRow(sub, flatEntries(fields), parseMembership(membership), chat, deps.now());
}
