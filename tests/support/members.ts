import { randomUUID } from 'node:crypto';
import { type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { authHeader } from './tokens.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A membership as the billing adapters write it: active for another month unless told otherwise. */
export function activeMembership(overrides: Partial<Membership> = {}): Membership {
  const now = Date.now();
  return {
    customerId: `cus_${randomUUID().slice(0, 8)}`,
    subscriptionId: `sub_${randomUUID().slice(0, 8)}`,
    plan: 'monthly',
    status: 'active',
    currentPeriodEnd: now + 30 * DAY,
    cancelAtPeriodEnd: false,
    asOf: now,
    ...overrides,
  };
}

/** A signed-in caller with a fresh subject; a member when `membership` is given. */
export async function signedIn(store: Store, membership: Membership | null) {
  const sub = `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  if (membership) await store.set(membershipKey(sub), JSON.stringify(membership));
  return { sub, headers: await authHeader({ sub }) };
}
