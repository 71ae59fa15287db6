import { randomBytes } from 'node:crypto';
import type { Caller } from '../auth/verify.ts';
import { customerOfKey } from '../billing/billing.ts';
import {
  COMPLIMENTARY_PREFIX,
  hasAccess,
  isComplimentary,
  type Membership,
  membershipKey,
} from '../billing/membership.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { assembleScript, type ScriptStep } from '../script-steps.ts';
import type { Store } from '../store.ts';
import { actorOf } from './actions.ts';
import { auditStep } from './audit.ts';
import { memberFields, opsKeys } from './keys.ts';

/**
 * A complimentary membership (docs/operator.md "Actions"): access an operator gives without a paid
 * subscription. It is the member's ordinary membership record, so every access check (hasAccess, the
 * membership gate, /account) honours it unchanged: status `active`, autopay off (access ends exactly
 * at `until`, no renewal slack), `subscriptionId` `comp_…` naming no provider subscription. Its
 * `asOf` is `until`: the provider's states of an earlier subscription (a late or retried webhook for
 * the one just cancelled) are older, so saveMembership's forward-only rule refuses them while it
 * runs, and a payment after it ends is newer and replaces it. The index hash's `complimentaryUntil`
 * says the same for the console. Only the operator's own script writes it (no saveMembership: an
 * earlier `until` would be refused as "older"), comparing the record it read.
 */
export { COMPLIMENTARY_PREFIX, isComplimentary } from '../billing/membership.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead a complimentary membership may run. */
export const COMPLIMENTARY_MAX_DAYS = 730;

/**
 * A paid subscription that the provider may still charge or renew: granting a complimentary
 * membership over it would hide it (a renewal's state would be refused while the grant runs).
 */
export function mayStillCharge(membership: Membership | null, now: number): boolean {
  if (!membership || isComplimentary(membership)) return false;
  if (membership.status === 'canceled' || membership.status === 'incomplete_expired') return false;
  return !(membership.cancelAtPeriodEnd && now >= membership.currentPeriodEnd);
}

/** `YYYY-MM-DD` → the end of that day (UTC, ms); 400 for a day that is not in the calendar. */
export function endOfDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, m - 1, d);
  const date = new Date(start);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    throw badRequest('until: Not a calendar date');
  return start + DAY_MS;
}

/** The record of a complimentary membership until `until`, carrying over what the member had. */
export function complimentaryRecord(
  before: Membership | null,
  customerId: string | null,
  until: number,
): Membership {
  return {
    customerId: before?.customerId ?? customerId ?? '',
    subscriptionId:
      before && isComplimentary(before)
        ? before.subscriptionId
        : `${COMPLIMENTARY_PREFIX}${randomBytes(9).toString('base64url')}`,
    plan: before?.plan ?? 'monthly',
    status: 'active',
    currentPeriodEnd: until,
    cancelAtPeriodEnd: true,
    asOf: until,
    ...(before?.referral ? { referral: before.referral } : {}),
  };
}

// Written only if the record is still the one read; with it, the operator's audit entry (before and
// after), so there is no change without its entry.
const WRITE = `
local current = redis.call('GET', K.record.membership) or ''
if current ~= A.record.stored then return 0 end
redis.call('SET', K.record.membership, A.record.json)
if A.record.until_ms == '' then redis.call('HDEL', K.record.member, '${memberFields.complimentaryUntil}')
else redis.call('HSET', K.record.member, '${memberFields.complimentaryUntil}', A.record.until_ms) end
local before = false
if current ~= '' then before = current end
audit_change(before, A.record.json, nil)
return 1`;

/** Writes a complimentary change over the record read (raw), with the operator's audit entry. */
async function writeComplimentary(
  store: Store,
  caller: Caller,
  sub: string,
  read: { raw: string | null; membership: Membership | null },
  after: Membership,
  action: string,
  at: number,
): Promise<void> {
  const running = after.status === 'active';
  const record: ScriptStep = {
    name: 'record',
    keys: { membership: membershipKey(sub), member: opsKeys.member(sub) },
    args: {
      stored: read.raw ?? '',
      json: JSON.stringify(after),
      until_ms: running ? String(after.currentPeriodEnd) : '',
    },
    lua: '',
  };
  const audit = auditStep({ at, actor: actorOf(caller), action: `operator.${action}`, member: sub });
  const write = assembleScript([record, audit], WRITE);
  const written = await store.eval(write.script, write.keys, write.args);
  // Under the member's lock only the provider's webhook writes beside us.
  if (Number(written) !== 1)
    throw new HttpError(409, "The member's billing changed meanwhile. Look again, then try again.");
}

/**
 * Grants (or moves the end of) a complimentary membership until the end of `until` (UTC), or ends
 * one now (`until` null). Called under the member's lock (actions.ts) with the record as read.
 */
export async function changeComplimentary(
  deps: { store: Store; now: () => number },
  caller: Caller,
  sub: string,
  read: { raw: string | null; membership: Membership | null },
  until: number | null,
): Promise<void> {
  const { store } = deps;
  const now = deps.now();
  const before = read.membership;
  if (until === null) {
    if (!before || !isComplimentary(before) || !hasAccess(before, now))
      throw new HttpError(409, 'The member has no complimentary membership running.');
    const ended: Membership = { ...before, status: 'canceled', currentPeriodEnd: now, asOf: now };
    return writeComplimentary(store, caller, sub, read, ended, 'complimentary-end', now);
  }
  if (until <= now) throw badRequest('until: Choose a day after today');
  if (until > now + COMPLIMENTARY_MAX_DAYS * DAY_MS)
    throw badRequest(`until: At most ${COMPLIMENTARY_MAX_DAYS} days ahead`);
  if (mayStillCharge(before, now))
    throw new HttpError(
      409,
      `The member has a subscription the provider may still charge (${stateOf(before)}). Grant free days, or cancel it now first.`,
    );
  const customerId = before ? null : await store.get<string>(customerOfKey(sub));
  const after = complimentaryRecord(before, customerId, until);
  return writeComplimentary(store, caller, sub, read, after, 'complimentary', now);
}

/** Free days on a complimentary membership: its end moves, nothing is charged anywhere. */
export async function extendComplimentary(
  deps: { store: Store; now: () => number },
  caller: Caller,
  sub: string,
  read: { raw: string | null; membership: Membership },
  days: number,
): Promise<void> {
  const now = deps.now();
  const before = read.membership;
  if (!hasAccess(before, now))
    throw new HttpError(409, 'The complimentary membership has ended: grant a new one instead.');
  const after = complimentaryRecord(before, null, before.currentPeriodEnd + days * DAY_MS);
  await writeComplimentary(deps.store, caller, sub, read, after, 'extend', now);
}

const stateOf = (m: Membership | null) =>
  m ? `${m.status}${m.cancelAtPeriodEnd ? ', autopay off' : ''}` : 'none';
