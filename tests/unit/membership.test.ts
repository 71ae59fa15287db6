import { describe, expect, it } from 'vitest';
import {
  hasAccess,
  type Membership,
  PAST_DUE_GRACE_MS,
  RENEWAL_SLACK_MS,
} from '../../functions/_lib/billing/membership.ts';

const now = Date.UTC(2026, 10, 22);
const DAY = 24 * 60 * 60 * 1000;
const base: Membership = {
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  plan: 'monthly',
  status: 'active',
  currentPeriodEnd: now + 10 * DAY,
  cancelAtPeriodEnd: false,
  asOf: now - DAY,
};

describe('hasAccess (subscription state → member content)', () => {
  it.each<[string, Partial<Membership> | null, boolean]>([
    ['no subscription', null, false],
    ['active', {}, true],
    ['trialing', { status: 'trialing' }, true],
    [
      'active, renewal confirmation late but within the slack',
      { currentPeriodEnd: now - RENEWAL_SLACK_MS + 1 },
      true,
    ],
    ['active, period long over with no renewal', { currentPeriodEnd: now - RENEWAL_SLACK_MS - 1 }, false],
    ['autopay off, before the end date', { cancelAtPeriodEnd: true }, true],
    [
      'autopay off, after the end date (ended event late)',
      { cancelAtPeriodEnd: true, currentPeriodEnd: now - 1 },
      false,
    ],
    [
      'past_due within the grace period',
      { status: 'past_due', pastDueSince: now - PAST_DUE_GRACE_MS + 1 },
      true,
    ],
    [
      'past_due after the grace period',
      { status: 'past_due', pastDueSince: now - PAST_DUE_GRACE_MS - 1 },
      false,
    ],
    ['canceled', { status: 'canceled' }, false],
    ['unpaid', { status: 'unpaid' }, false],
    ['incomplete (first payment not done)', { status: 'incomplete' }, false],
    ['incomplete_expired', { status: 'incomplete_expired' }, false],
    ['paused', { status: 'paused' }, false],
  ])('%s → %s', (_case, change, expected) => {
    expect(hasAccess(change === null ? null : { ...base, ...change }, now)).toBe(expected);
  });
});
