import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toggleAutopay, updateCard } from '../../functions/_lib/billing/billing.ts';
import { createLocalBilling, localKeys, periodEnd } from '../../functions/_lib/billing/local-billing.ts';
import { RETRY_DAYS, runLocalRenewals } from '../../functions/_lib/billing/local-renewals.ts';
import { hasAccess, type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { CardError } from '../../functions/_lib/billing/port.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { loadEmailBundle } from '../../functions/_lib/mail/content.ts';
import { drainQueue } from '../../functions/_lib/mail/drain.ts';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { emailDate as longDate } from '../support/email-date.ts';
import { mailerFor, queuedJobs, suiteMailCatcher } from '../support/mail-catcher.ts';
import { startPrivateStore } from '../support/private-store.ts';

// The local billing's renewal clock (functions/_lib/billing/local-renewals.ts) on a store of this
// file's own: renewals paid and refused, Stripe's test card 4000000000000341 (attaches, charges
// fail), the retries, a new card paying the failed renewal, the last retry cancelling, autopay off
// ending at the period's end; each change stored through saveMembership with its email.

const DAY = 24 * 60 * 60 * 1000;
const GOOD = 'tok_local_4242424242424242';
const FAILS = 'tok_local_4000000000000341';
const keys = mailKeys();

let store: Store;
let stop: () => Promise<void>;
const catcher = suiteMailCatcher();
beforeAll(async () => {
  ({ store, stop } = await startPrivateStore());
});
// The clock walks every due subscription of the store: each test starts from an empty one.
beforeEach(async () => {
  await store.flushdb();
});
afterAll(async () => {
  await stop?.();
});

/** A member who paid with a good card at `start`, on the local billing with a clock of its own. */
async function member(plan: 'monthly' | 'yearly' = 'monthly', start = Date.UTC(2027, 0, 4, 12)) {
  let now = start;
  const clock = {
    set: (ms: number) => {
      now = ms;
    },
    now: () => now,
  };
  const billing = createLocalBilling(store, clock.now);
  const sub = `auth0|${randomUUID()}`;
  const email = `m-${randomUUID().slice(0, 8)}@example.com`;
  const customerId = await billing.createCustomer({ sub, email }, `customer:${sub}`);
  const membership = await billing.startSubscription(
    { customerId, cardToken: GOOD, plan, promo: null, memberSub: sub },
    `charge:${sub}`,
  );
  await saveMembership(store, sub, membership, { email, at: start });
  const deps = { store, now: clock.now, billing: async () => billing, ...getChatPorts() };
  const caller = { sub, email: null, customerId };
  /** The clock moves to `at` and the renewal job runs. */
  const runAt = (at: number) => {
    clock.set(at);
    return runLocalRenewals(deps);
  };
  return { sub, email, membership, clock, billing, deps, caller, runAt };
}

const stored = async (sub: string) =>
  JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null') as Membership;
const queued = async (id: string) =>
  (await queuedJobs(store, keys, id)).sort((a, b) => a.queuedAt - b.queuedAt);

describe('local renewals', () => {
  it('renews a paid card at the period end: the next period, no email; nothing before the end', async () => {
    const m = await member();
    const end = m.membership.currentPeriodEnd;
    expect((await m.runAt(end - 60_000)).renewed).toBe(0);
    expect(await m.runAt(end + 60_000)).toMatchObject({ renewed: 1, failed: 0 });
    expect(await stored(m.sub)).toMatchObject({
      status: 'active',
      currentPeriodEnd: periodEnd(end, 'monthly'),
    });
    // Run again at once (two runs overlapping, or npm run jobs:run): nothing more.
    expect((await m.runAt(end + 120_000)).renewed).toBe(0);
    expect(await queued(m.membership.subscriptionId)).toEqual([]);
  });

  it('a card that attaches but fails (0341): past_due with the payment-failed email; a new card pays it at once', async () => {
    const m = await member();
    const end = m.membership.currentPeriodEnd;
    // Accepted by the card update, as Stripe attaches it.
    await updateCard(m.deps, m.caller, FAILS);
    expect(await stored(m.sub)).toMatchObject({ status: 'active' });
    const failedAt = end + 60_000;
    expect(await m.runAt(failedAt)).toMatchObject({ renewed: 0, failed: 1 });
    const pastDue = await stored(m.sub);
    expect(pastDue).toMatchObject({
      status: 'past_due',
      pastDueSince: failedAt,
      nextRetryAt: failedAt + DAY,
      amountDue: '64.99',
      currentPeriodEnd: periodEnd(end, 'monthly'),
    });
    expect(hasAccess(pastDue, failedAt)).toBe(true);
    expect(await queued(m.membership.subscriptionId)).toEqual([
      expect.objectContaining({
        key: `payment-failed:${m.membership.subscriptionId}:${periodEnd(end, 'monthly')}`,
        to: m.email,
        template: 'payment-failed',
        data: { amount: '$64.99', retryDate: longDate(failedAt + DAY) },
      }),
    ]);
    // The same failing card again: refused, still past_due.
    await expect(updateCard(m.deps, m.caller, `${FAILS}_1230`)).rejects.toMatchObject({
      status: 402,
      message: 'Your card was declined.',
    });
    expect(await stored(m.sub)).toMatchObject({ status: 'past_due' });
    // A working card: the failed renewal is paid now, the member active again (the banner goes).
    m.clock.set(failedAt + 60 * 60_000);
    await updateCard(m.deps, m.caller, GOOD);
    const paid = await stored(m.sub);
    expect(paid).toMatchObject({ status: 'active', currentPeriodEnd: periodEnd(end, 'monthly') });
    expect(paid.pastDueSince).toBeUndefined();
    // The retry day comes: nothing to retry.
    expect(await m.runAt(failedAt + DAY + 60_000)).toMatchObject({ renewed: 0, failed: 0, recovered: 0 });
    // The email reaches the catcher with the drain.
    await drainQueue(store, mailerFor(catcher.smtpPort), failedAt + 2 * DAY, {
      emails: loadEmailBundle(process.cwd()),
      keys,
    });
    const messages = await catcher.received(m.email);
    expect(messages.map((x) => x.subject)).toEqual(['Your OTC Edge payment did not go through']);
  });

  it('retried 1, 3 and 5 days after the failure; the last refusal cancels it with the ended email', async () => {
    const m = await member();
    await updateCard(m.deps, m.caller, FAILS);
    const failedAt = m.membership.currentPeriodEnd + 60_000;
    await m.runAt(failedAt);
    for (const [i, days] of RETRY_DAYS.entries()) {
      const at = failedAt + days * DAY + 60_000;
      expect(await m.runAt(at)).toMatchObject({ failed: i < RETRY_DAYS.length - 1 ? 1 : 0 });
      const state = await stored(m.sub);
      if (i < RETRY_DAYS.length - 1) {
        expect(state).toMatchObject({
          status: 'past_due',
          nextRetryAt: failedAt + (RETRY_DAYS[i + 1] ?? 0) * DAY,
        });
      } else {
        expect(state).toMatchObject({ status: 'canceled' });
        expect(hasAccess(state, at)).toBe(false);
      }
    }
    const lastAt = failedAt + 5 * DAY + 60_000;
    expect((await queued(m.membership.subscriptionId)).map((j) => [j.template, j.data])).toEqual([
      ['payment-failed', { amount: '$64.99', retryDate: longDate(failedAt + DAY) }],
      ['membership-ended', { endDate: longDate(lastAt), joinUrl: 'https://otcedge.app/payment' }],
    ]);
    // Ended: off the clock.
    expect(await store.zscore(localKeys.renewals, m.membership.subscriptionId)).toBeNull();
  });

  it('autopay off: the autopay-off email, then canceled at the period end with the ended email', async () => {
    const m = await member('yearly');
    const end = m.membership.currentPeriodEnd;
    await toggleAutopay(m.deps, m.caller, await stored(m.sub), false);
    expect(await m.runAt(end - 60_000)).toMatchObject({ canceled: 0 });
    expect(await m.runAt(end)).toMatchObject({ canceled: 1, renewed: 0 });
    expect(await stored(m.sub)).toMatchObject({ status: 'canceled', currentPeriodEnd: end });
    expect((await queued(m.membership.subscriptionId)).map((j) => [j.template, j.data])).toEqual([
      ['autopay-off', { endDate: longDate(end) }],
      ['membership-ended', { endDate: longDate(end), joinUrl: 'https://otcedge.app/payment' }],
    ]);
  });

  it('a first payment with 0341 is refused as Stripe refuses it', async () => {
    const billing = createLocalBilling(store);
    const customerId = await billing.createCustomer(
      { sub: 'x', email: 'x@example.com' },
      `c:${randomUUID()}`,
    );
    const start = billing.startSubscription(
      { customerId, cardToken: FAILS, plan: 'monthly', promo: null, memberSub: 'x' },
      `s:${randomUUID()}`,
    );
    await expect(start).rejects.toThrow(CardError);
    await expect(start).rejects.toThrow('Your card was declined.');
  });
});
