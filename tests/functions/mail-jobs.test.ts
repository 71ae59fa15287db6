import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBilling, localKeys } from '../../functions/_lib/billing/local-billing.ts';
import type { Membership } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import type { Promo } from '../../functions/_lib/billing/port.ts';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import type { Job } from '../../functions/_lib/mail/queue.ts';
import { queueCardExpiring, queueRenewalReminders } from '../../functions/_lib/mail/reminders.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { loadScheduledJobs } from '../../scripts/local/scheduler.ts';
import { emailDate } from '../support/email-date.ts';
import { activeMembership } from '../support/members.ts';
import { startPrivateStore } from '../support/private-store.ts';

// The scheduled emails (functions/_lib/mail/reminders.ts) walking the operator's member index of a
// store of this file's own (emptied before each test): exactly the right members, each once.

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2027, 0, 1, 15);
const keys = mailKeys();

let store: Store;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ store, stop } = await startPrivateStore());
});
beforeEach(async () => {
  await store.flushdb();
});
afterAll(async () => {
  await stop?.();
});

const deps = () => ({ store, now: () => NOW, billing: async () => createLocalBilling(store, () => NOW) });

/** A member in the operator's index (as a charge writes it), with a local customer and its card. */
async function member(
  name: string,
  overrides: Partial<Membership>,
  options: { email?: boolean; card?: { expMonth: number; expYear: number } | null; promo?: Promo } = {},
) {
  const sub = `auth0|${name}-${randomUUID().slice(0, 6)}`;
  const membership = activeMembership({ asOf: NOW - DAY, currentPeriodEnd: NOW + 20 * DAY, ...overrides });
  const email = `${name}@example.com`;
  const card = options.card === undefined ? { expMonth: 12, expYear: 2030 } : options.card;
  await store.set(
    localKeys.customer(membership.customerId),
    JSON.stringify({ sub, email, ...(card ? { card: { brand: 'visa', last4: '4242', ...card } } : {}) }),
  );
  if (options.promo)
    await store.set(localKeys.discount(membership.subscriptionId), JSON.stringify(options.promo));
  await saveMembership(
    store,
    sub,
    membership,
    options.email === false ? { at: NOW - DAY } : { email, at: NOW - DAY },
  );
  return { sub, email, membership };
}

async function queued(): Promise<Job[]> {
  const raw = (await store.hgetall(keys.jobs)) as unknown;
  const values = Array.isArray(raw) ? raw.filter((_, i) => i % 2 === 1) : Object.values(raw ?? {});
  return values
    .map((v) => (typeof v === 'string' ? JSON.parse(v) : v) as Job)
    .sort((a, b) => a.key.localeCompare(b.key));
}

describe('renewal reminders (daily)', () => {
  it('yearly, autopay on, with access, renewing within 7 days and more than a day away: each once', async () => {
    const yearly = (name: string, left: number, more: Partial<Membership> = {}, options = {}) =>
      member(name, { plan: 'yearly', currentPeriodEnd: NOW + left, ...more }, options);
    const exactly7 = await yearly('exactly7', 7 * DAY);
    const in3 = await yearly(
      'in3',
      3 * DAY,
      {},
      { promo: { code: 'Y20', id: 'Y20', plan: 'yearly', percentOff: 20 } },
    );
    const justOver1 = await yearly('justover1', DAY + 60_000);
    await yearly('over7', 7 * DAY + 60_000);
    await yearly('under1', DAY);
    await yearly('autopayoff', 3 * DAY, { cancelAtPeriodEnd: true });
    await yearly('canceled', 3 * DAY, { status: 'canceled' });
    await yearly('pastdue', 3 * DAY, { status: 'past_due', pastDueSince: NOW - DAY });
    await yearly('complimentary', 3 * DAY, { subscriptionId: `comp_${randomUUID().slice(0, 6)}` });
    await member('monthly', { plan: 'monthly', currentPeriodEnd: NOW + 3 * DAY });
    await yearly('noemail', 3 * DAY, {}, { email: false });

    expect(await queueRenewalReminders(deps())).toEqual({ queued: 3, already: 0, noEmail: 1, failed: 0 });
    const chargeDate = (m: { membership: Membership }) => emailDate(m.membership.currentPeriodEnd);
    const reminders = async () => (await queued()).filter((j) => j.template === 'renewal-reminder');
    expect((await reminders()).map(({ key, to, template, data }) => ({ key, to, template, data }))).toEqual(
      [
        [exactly7, '$599.99'],
        [in3, '$479.99'],
        [justOver1, '$599.99'],
      ]
        .map(([m, price]) => {
          const x = m as Awaited<ReturnType<typeof member>>;
          return {
            key: `renewal-reminder:${x.membership.subscriptionId}:${x.membership.currentPeriodEnd}`,
            to: x.email,
            template: 'renewal-reminder',
            data: { price, chargeDate: chargeDate(x) },
          };
        })
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    // A second run the same day: nothing new.
    expect(await queueRenewalReminders(deps())).toEqual({ queued: 0, already: 3, noEmail: 1, failed: 0 });
    expect(await reminders()).toHaveLength(3);
    // The next day: the one 7 days and a minute away is due now; the others were reminded already
    // (the one just over a day away is no longer due).
    expect(await queueRenewalReminders({ ...deps(), now: () => NOW + DAY })).toEqual({
      queued: 1,
      already: 2,
      noEmail: 1,
      failed: 0,
    });
    expect(await reminders()).toHaveLength(4);
  });

  it('a provider error for one member skips that member only; the next run queues it', async () => {
    const broken = await member('broken', { plan: 'yearly', currentPeriodEnd: NOW + 3 * DAY });
    await member('fine', { plan: 'yearly', currentPeriodEnd: NOW + 4 * DAY });
    const local = createLocalBilling(store, () => NOW);
    const failing = {
      ...deps(),
      billing: async () => ({
        ...local,
        nextCharge: async (m: Membership) => {
          if (m.subscriptionId === broken.membership.subscriptionId) throw new Error('Stripe is down');
          return local.nextCharge(m);
        },
      }),
    };
    expect(await queueRenewalReminders(failing)).toEqual({ queued: 1, already: 0, noEmail: 0, failed: 1 });
    expect(await queueRenewalReminders(deps())).toEqual({ queued: 1, already: 1, noEmail: 0, failed: 0 });
  });

  it("quotes the member's own price, the one the ledger and MRR count, without asking the provider", async () => {
    const own = await member('ownprice', {
      plan: 'yearly',
      price: '539.99',
      currentPeriodEnd: NOW + 2 * DAY,
    });
    const asked: string[] = [];
    const local = createLocalBilling(store, () => NOW);
    const counting = {
      ...deps(),
      billing: async () => ({
        ...local,
        nextCharge: async (m: Membership) => {
          asked.push(m.subscriptionId);
          return local.nextCharge(m);
        },
      }),
    };
    expect((await queueRenewalReminders(counting)).queued).toBe(1);
    const [job] = (await queued()).filter((j) => j.key.includes(own.membership.subscriptionId));
    expect(job?.data.price).toBe('$539.99');
    expect(asked).toEqual([]);
  });

  it('walks the index page by page: every due member of many', async () => {
    const many = await Promise.all(
      Array.from({ length: 205 }, (_, i) =>
        member(`m${i}`, { plan: 'yearly', currentPeriodEnd: NOW + 3 * DAY }, { card: null }),
      ),
    );
    expect(await queueRenewalReminders(deps())).toEqual({
      queued: many.length,
      already: 0,
      noEmail: 0,
      failed: 0,
    });
  }, 60_000);
});

describe('card expiring (monthly)', () => {
  it('members renewing, with access, whose card expires at the end of next month: each once a month', async () => {
    const feb = await member('feb', {}, { card: { expMonth: 2, expYear: 2027 } });
    const febYearly = await member(
      'febyearly',
      { plan: 'yearly', price: '479.99', currentPeriodEnd: NOW + 200 * DAY },
      { card: { expMonth: 2, expYear: 2027 } },
    );
    await member('jan', {}, { card: { expMonth: 1, expYear: 2027 } });
    await member('march', {}, { card: { expMonth: 3, expYear: 2027 } });
    await member('feb2028', {}, { card: { expMonth: 2, expYear: 2028 } });
    await member('nocard', {}, { card: null });
    await member('autopayoff', { cancelAtPeriodEnd: true }, { card: { expMonth: 2, expYear: 2027 } });
    await member('ended', { status: 'canceled' }, { card: { expMonth: 2, expYear: 2027 } });
    await member(
      'complimentary',
      { subscriptionId: `comp_${randomUUID().slice(0, 6)}` },
      { card: { expMonth: 2, expYear: 2027 } },
    );

    expect(await queueCardExpiring(deps())).toEqual({ queued: 2, already: 0, noEmail: 0, failed: 0 });
    expect((await queued()).map(({ key, to, template, data }) => ({ key, to, template, data }))).toEqual(
      [feb, febYearly]
        .map((m) => ({
          key: `card-expiring:${m.sub}:2027-02`,
          to: m.email,
          template: 'card-expiring',
          data: {
            cardBrand: 'Visa',
            cardLast4: '4242',
            expiry: 'February 2027',
            // The member's own price (a promo's), as the ledger and MRR count it.
            price: m === febYearly ? '$479.99' : '$64.99',
            chargeDate: emailDate(m.membership.currentPeriodEnd),
          },
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(await queueCardExpiring(deps())).toEqual({ queued: 0, already: 2, noEmail: 0, failed: 0 });
  });

  it('in December, next month is January of the next year', async () => {
    const december = Date.UTC(2027, 11, 1, 15);
    const jan = await member(
      'jan',
      { currentPeriodEnd: december + 20 * DAY },
      { card: { expMonth: 1, expYear: 2028 } },
    );
    const run = await queueCardExpiring({ ...deps(), now: () => december });
    expect(run.queued).toBe(1);
    expect((await queued()).map((j) => j.key)).toEqual([`card-expiring:${jan.sub}:2028-01`]);
  });
});

describe('the jobs', () => {
  it("are scheduled functions: npm start's scheduler runs them and npm run jobs:run finds them", async () => {
    const jobs = await loadScheduledJobs(new URL('../../functions/', import.meta.url).pathname);
    const ours = ['billing-local-renewals', 'mail-card-expiring', 'mail-renewal-reminders'];
    expect(jobs.filter((j) => ours.includes(j.name)).map((j) => [j.name, j.schedule])).toEqual([
      ['billing-local-renewals', '*/5 * * * *'],
      ['mail-card-expiring', '0 15 1 * *'],
      ['mail-renewal-reminders', '0 15 * * *'],
    ]);
  }, 60_000);
});
