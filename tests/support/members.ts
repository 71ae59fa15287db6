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

/** A new member, and a way to call a handler as them with a JSON body (any method). */
export async function memberCaller(store: Store) {
  const { sub, headers } = await signedIn(store, activeMembership());
  const call = async (
    fn: (r: Request) => Promise<Response>,
    path: string,
    body: unknown,
    method = 'POST',
  ) => {
    const response = await fn(
      new Request(`http://localhost/api/${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { sub, call };
}
