import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toggleAutopay, updateCard, upgradeToYearly } from '../../functions/_lib/billing/billing.ts';
import {
  createLocalBilling,
  type LocalCharge,
  localKeys,
} from '../../functions/_lib/billing/local-billing.ts';
import { RefundRefusedError, refundLocalCharge } from '../../functions/_lib/billing/local-refunds.ts';
import { runLocalRenewals } from '../../functions/_lib/billing/local-renewals.ts';
import { type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import type { Promo } from '../../functions/_lib/billing/port.ts';
import { toCents } from '../../functions/_lib/billing/prices.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import type { LedgerEntry } from '../../functions/_lib/contract/operator.ts';
import { CASH_FIELDS, cashCents, zeroCash } from '../../functions/_lib/ledger/cash.ts';
import { ledgerKeys } from '../../functions/_lib/ledger/keys.ts';
import { recordMoney } from '../../functions/_lib/ledger/record.ts';
import { changeComplimentary } from '../../functions/_lib/operator/actions-complimentary.ts';
import { readAudit } from '../../functions/_lib/operator/audit.ts';
import { flatEntries, type Store } from '../../functions/_lib/store.ts';
import { startPrivateStore } from '../support/private-store.ts';

const DAY = 24 * 60 * 60 * 1000;
const GOOD = 'tok_local_4242424242424242';
const FAILS = 'tok_local_4000000000000341';
const START = Date.UTC(2027, 2, 1, 9);

let store: Store;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ store, stop } = await startPrivateStore());
});
afterAll(async () => {
  await stop?.();
});

let now = START;
const clock = () => now;

/** Every entry of the ledger, and every charge local billing made, as they are stored. */
async function books() {
  const entries = flatEntries(await store.hgetall(ledgerKeys.entries)).map(
    ([, json]) => JSON.parse(json) as LedgerEntry,
  );
  const charges = flatEntries(await store.hgetall(localKeys.charges)).map(
    ([, json]) => JSON.parse(json) as LocalCharge,
  );
  return { entries, charges };
}

const sumCents = (amounts: string[]) => amounts.reduce((sum, a) => sum + toCents(a), 0);

describe('the ledger against local billing, over a month of synthetic members', () => {
  it('records every charge, proration, failure and refund once, and its sums equal billing’s to the cent', async () => {
    const billing = createLocalBilling(store, clock);
    const deps = { store, now: clock, billing: async () => billing, ...getChatPorts() };
    const welcome = (await billing.findPromo('WELCOME10')) as Promo;
    const yearly20 = (await billing.findPromo('YEARLY20')) as Promo;
    const members: Array<{ sub: string; plan: 'monthly' | 'yearly' }> = [];

    // 24 members join over the first 12 days: every third with a promo, every fourth yearly.
    for (let i = 0; i < 24; i++) {
      now = START + Math.floor(i / 2) * DAY + i * 60_000;
      const sub = `auth0|synthetic-${i}-${randomUUID().slice(0, 6)}`;
      const plan = i % 4 === 3 ? 'yearly' : 'monthly';
      const promo = i % 3 === 0 ? (plan === 'yearly' ? yearly20 : welcome) : null;
      const customerId = await billing.createCustomer(
        { sub, email: `${sub}@example.com` },
        `customer:${sub}`,
      );
      const membership = await billing.startSubscription(
        { customerId, cardToken: GOOD, plan, promo, memberSub: sub },
        `charge:${sub}`,
      );
      await saveMembership(store, sub, membership, {
        email: `m${i}@example.com`,
        at: now,
        actor: 'member',
        action: 'member.join',
      });
      // A duplicate write of the same state (a retried request) records nothing twice.
      await saveMembership(store, sub, membership, { at: now });
      members.push({ sub, plan });
    }
    const caller = (sub: string) => ({ sub, email: null, customerId: null });
    const current = async (sub: string) =>
      JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null') as Membership;

    // Day 14: four monthly members upgrade (a proration each); two switch to a card whose charges fail.
    now = START + 14 * DAY;
    for (const { sub } of members.filter((m) => m.plan === 'monthly').slice(0, 4))
      await upgradeToYearly(deps, caller(sub), await current(sub));
    const failing = members.filter((m) => m.plan === 'monthly').slice(4, 6);
    for (const { sub } of failing) await updateCard(deps, caller(sub), FAILS);
    // Two turn autopay off (they end at their period's end); one member gets a complimentary month.
    for (const { sub } of members.filter((m) => m.plan === 'monthly').slice(6, 8))
      await toggleAutopay(deps, caller(sub), await current(sub), false, { code: 'too-expensive' });
    const comp = members.filter((m) => m.plan === 'monthly')[8] as { sub: string };
    await billing
      .cancelNow(await current(comp.sub), `cancel:${comp.sub}`)
      .then((m) => saveMembership(store, comp.sub, m, { at: now }));
    const compRaw = await store.get<string>(membershipKey(comp.sub));
    await changeComplimentary(
      { store, now: clock },
      { sub: 'auth0|operator', email: 'ops@example.com', customerId: null },
      comp.sub,
      { raw: compRaw, membership: await current(comp.sub) },
      now + 30 * DAY,
    );

    // The clock runs every day for 35 days: renewals, failures, retries, endings.
    for (let day = 15; day <= 47; day++) {
      now = START + day * DAY + 3_600_000;
      await runLocalRenewals(deps);
      // Day 36: one failing member pays with a good card again (the failed renewal is charged now).
      if (day === 36) await updateCard(deps, caller((failing[0] as { sub: string }).sub), GOOD);
    }

    // Refunds, as an operator would make them in the provider's dashboard: a part, a whole, a second part.
    const { charges: made } = await books();
    const paid = made.filter((c) => c.kind !== 'failed').sort((a, b) => a.at - b.at);
    now += DAY;
    const [first, second] = paid as [LocalCharge, LocalCharge];
    await refundLocalCharge(store, first.id, '10.00', now);
    await refundLocalCharge(store, first.id, '5.50', now);
    await refundLocalCharge(store, second.id, null, now);
    // Bad refunds: more than is left, of a failed charge, of nothing; none writes anything.
    const failed = made.find((c) => c.kind === 'failed') as LocalCharge;
    const before = await books();
    await expect(refundLocalCharge(store, second.id, '0.01', now)).rejects.toThrow(RefundRefusedError);
    await expect(refundLocalCharge(store, first.id, '1000.00', now)).rejects.toThrow(/more than is left/);
    await expect(refundLocalCharge(store, failed.id, null, now)).rejects.toThrow(/failed charge/);
    await expect(refundLocalCharge(store, 'ch_local_nothing', null, now)).rejects.toThrow(/No charge/);
    expect(await books()).toEqual(before);

    const { entries, charges } = await books();
    // Every charge billing made is in the ledger exactly once, with its amount, kind and member.
    const byId = new Map(entries.map((e) => [e.id, e]));
    for (const charge of charges) {
      expect(byId.get(charge.id), charge.id).toMatchObject({ amount: charge.amount, kind: charge.kind });
    }
    const kinds = new Set(entries.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['charge', 'failed', 'proration', 'refund']);
    expect(entries.filter((e) => e.kind !== 'refund')).toHaveLength(charges.length);

    // Sums, cent for cent: collected, refunded and failed, as billing's own records have them.
    const collected = sumCents(charges.filter((c) => c.kind !== 'failed').map((c) => c.amount));
    const refunded = charges.reduce((sum, c) => sum + c.refundedCents, 0);
    const failedCents = sumCents(charges.filter((c) => c.kind === 'failed').map((c) => c.amount));
    expect(
      sumCents(entries.filter((e) => e.kind === 'charge' || e.kind === 'proration').map((e) => e.amount)),
    ).toBe(collected);
    expect(sumCents(entries.filter((e) => e.kind === 'refund').map((e) => e.amount))).toBe(refunded);
    expect(refunded).toBe(1550 + toCents(second.amount));
    expect(sumCents(entries.filter((e) => e.kind === 'failed').map((e) => e.amount))).toBe(failedCents);

    // The days' totals (what the console reads) add up to the same.
    const days = new Set(entries.map((e) => new Date(e.at).toISOString().slice(0, 10)));
    const totals = zeroCash();
    for (const day of days) {
      const cash = cashCents(flatEntries(await store.hgetall(ledgerKeys.day(day))));
      for (const field of CASH_FIELDS) totals[field] += cash[field];
    }
    expect(totals).toEqual({
      collected,
      refunded,
      failed: failedCents,
      charges: charges.filter((c) => c.kind !== 'failed').length,
      refunds: 3,
      failures: charges.filter((c) => c.kind === 'failed').length,
    });

    // The promo members paid their promo price, first and at each renewal.
    const promoCharges = entries.filter((e) => e.promo === 'WELCOME10' && e.kind === 'charge');
    expect(promoCharges.length).toBeGreaterThan(0);
    for (const e of promoCharges) expect(e.amount).toBe('58.49');

    // Each money entry's audit line carries it: a proration on an upgrade, a refund on its own.
    const upgraded = (members.filter((m) => m.plan === 'monthly')[0] as { sub: string }).sub;
    const log = (await readAudit(store, { member: upgraded, limit: 100 })).entries;
    const upgrade = log.find((e) => e.action === 'member.upgrade');
    expect(upgrade?.charge).toMatchObject({ kind: 'proration', member: upgraded });
    const refunds = (await readAudit(store, { limit: 500 })).entries.filter(
      (e) => e.action === 'billing.refund',
    );
    expect(refunds).toHaveLength(3);
  });

  it('records a refund once, however often it is reported, and refuses one for another member’s charge', async () => {
    now = START + 60 * DAY;
    const entry = (id: string, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
      id,
      kind: 'charge',
      amount: '64.99',
      currency: 'usd',
      at: now,
      member: 'auth0|refunded',
      plan: 'monthly',
      promo: null,
      refundOf: null,
      ...over,
    });
    expect(await recordMoney(store, entry('in_once'), now)).toBe('recorded');
    expect(await recordMoney(store, entry('in_once'), now)).toBe('duplicate');
    const refund = entry('re_once', { kind: 'refund', amount: '20.00', refundOf: 'in_once' });
    expect(await recordMoney(store, refund, now)).toBe('recorded');
    expect(await recordMoney(store, refund, now)).toBe('duplicate');
    expect(
      await recordMoney(
        store,
        entry('re_big', { kind: 'refund', amount: '44.99', refundOf: 'in_once' }),
        now,
      ),
    ).toBe('recorded');
    expect(
      await recordMoney(
        store,
        entry('re_over', { kind: 'refund', amount: '0.01', refundOf: 'in_once' }),
        now,
      ),
    ).toBe('exceeds-charge');
    expect(
      await recordMoney(
        store,
        entry('re_other', {
          kind: 'refund',
          amount: '1.00',
          refundOf: 'in_once',
          member: 'auth0|someone-else',
        }),
        now,
      ),
    ).toBe('unknown-charge');
    expect(
      await recordMoney(
        store,
        entry('re_unknown', { kind: 'refund', amount: '1.00', refundOf: 'in_nothing' }),
        now,
      ),
    ).toBe('unknown-charge');
    const day = cashCents(
      flatEntries(await store.hgetall(ledgerKeys.day(new Date(now).toISOString().slice(0, 10)))),
    );
    expect(day).toMatchObject({ collected: 6499, refunded: 6499, charges: 1, refunds: 2 });
    expect(await store.hexists(ledgerKeys.entries, 're_over')).toBe(0);
  });
});
