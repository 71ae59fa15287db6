import { createClient } from 'redis';
import { type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';

/**
 * An active monthly membership for `sub`, written straight into the local Redis where billing keeps
 * it (benchmark and Lighthouse members, who need access without going through a payment).
 */
export async function grantLocalMembership(redisUrl: string, sub: string, label: string): Promise<void> {
  const now = Date.now();
  const membership: Membership = {
    customerId: `cus_${label}`,
    subscriptionId: `sub_${label}`,
    plan: 'monthly',
    status: 'active',
    currentPeriodEnd: now + 30 * 86_400_000,
    cancelAtPeriodEnd: false,
    asOf: now,
  };
  const redis = await createClient({ url: redisUrl }).connect();
  try {
    await redis.set(membershipKey(sub), JSON.stringify(membership));
  } finally {
    await redis.quit();
  }
}
