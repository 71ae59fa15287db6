import { describe, expect, it } from 'vitest';
import type { ReferredPayment } from '../../functions/_lib/billing/local-referrals.ts';
import { arrCents, memberPriceCents, mrrFromArr } from '../../functions/_lib/billing/member-price.ts';
import { type Membership, PAST_DUE_GRACE_MS } from '../../functions/_lib/billing/membership.ts';
import { type CashCents, zeroCash } from '../../functions/_lib/ledger/cash.ts';
import {
  dayCountArgs,
  dayCounts,
  daySnapshot,
  liveSnapshot,
  parseSnapshot,
} from '../../functions/_lib/operator/figures.ts';
import {
  applyChange,
  type Change,
  changeCounts,
  classifyChange,
  commissionsOwed,
  currentFigures,
  type DailySnapshot,
  dayOf,
  emptySnapshot,
  periodFigures,
  periodOf,
  snapshotFrom,
} from '../../functions/_lib/operator/metrics.ts';

const DAY = 24 * 60 * 60 * 1000;
const at = (day: string, time = '10:00:00.000') => Date.parse(`${day}T${time}Z`);
/** Period ends past the history unless a case needs one: renewals change no figure, so none are written. */
const FAR = at('2026-06-01');
const prices = { monthly: { price: '64.99' }, yearly: { price: '599.99' } };
/** ARR in cents of one member at the list prices. */
const MONTHLY_ARR = 6499 * 12;
const YEARLY_ARR = 59_999;

const join = (
  plan: Membership['plan'],
  asOf: number,
  currentPeriodEnd = FAR,
  subscriptionId = 'sub',
): Membership => ({
  customerId: 'cus',
  subscriptionId,
  plan,
  status: 'active',
  currentPeriodEnd,
  cancelAtPeriodEnd: false,
  asOf,
});

/** A membership with some fields changed; a field given as undefined is removed (pastDueSince on paying). */
type Edit = { [K in keyof Membership]?: Membership[K] | undefined };
function edit(m: Membership, change: Edit): Membership {
  const next: Record<string, unknown> = { ...m, ...change };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next as unknown as Membership;
}

describe('classifyChange: what a billing state change means for the figures', () => {
  const t0 = at('2026-03-02');
  const member = join('monthly', t0);
  const later = (m: Membership, days: number, change: Edit): Membership =>
    edit(m, { ...change, asOf: m.asOf + days * DAY });
  const classify = (before: Membership | null, after: Membership) =>
    classifyChange(before, after, after.asOf, prices);

  it('a first payment is new; a payment after an ended subscription is a reactivation', () => {
    expect(classify(null, member)).toMatchObject({
      events: ['new'],
      from: null,
      to: { plan: 'monthly', pastDue: false },
    });
    // A first payment that never went through leaves an incomplete record: the member has never paid.
    const incomplete = { ...member, status: 'incomplete' as const, asOf: t0 - DAY };
    expect(classify(incomplete, member).events).toEqual(['new']);
    expect(classify({ ...incomplete, status: 'incomplete_expired' }, member).events).toEqual(['new']);
    const canceled = { ...member, status: 'canceled' as const, asOf: t0 - DAY };
    expect(classify(canceled, member)).toMatchObject({ events: ['reactivated'], from: null });
    expect(classify({ ...canceled, status: 'unpaid' }, member).events).toEqual(['reactivated']);
  });

  it('autopay off is a cancellation and on again a resumption; access ending is a loss', () => {
    const off = later(member, 3, { cancelAtPeriodEnd: true });
    expect(classify(member, off)).toMatchObject({ events: ['cancelled'], from: { plan: 'monthly' } });
    expect(classify(off, later(off, 1, { cancelAtPeriodEnd: false })).events).toEqual(['resumed']);
    // The provider's "ended" event at the period end: the state before was counted when written.
    const ending = { ...off, currentPeriodEnd: t0 + 10 * DAY };
    const ended = { ...ending, status: 'canceled' as const, asOf: t0 + 10 * DAY };
    expect(classify(ending, ended)).toMatchObject({ events: ['lost'], from: { plan: 'monthly' }, to: null });
    // Cancelled at once (a refund), autopay on: a loss, not a cancellation.
    expect(classify(member, later(member, 2, { status: 'canceled' })).events).toEqual(['lost']);
    // A renewal (a later period end) changes nothing.
    expect(classify(member, later(member, 30, { currentPeriodEnd: FAR + 30 * DAY })).events).toEqual([]);
  });

  it('past due within the grace is entered and left by paying; past the grace it is lost, once', () => {
    const pastDue = later(member, 1, { status: 'past_due', pastDueSince: t0 + DAY });
    expect(classify(member, pastDue)).toMatchObject({
      events: ['pastDueEntered'],
      from: { pastDue: false },
      to: { pastDue: true },
    });
    const paid = later(pastDue, 3, { status: 'active', pastDueSince: undefined });
    expect(classify(pastDue, paid)).toMatchObject({ events: ['pastDueRecovered'], to: { pastDue: false } });
    // The provider's retries give up two days after the grace ended: lost when that is written…
    const unpaid = { ...pastDue, status: 'unpaid' as const, asOf: t0 + DAY + PAST_DUE_GRACE_MS + 2 * DAY };
    expect(classify(pastDue, unpaid)).toMatchObject({ events: ['lost'], from: { pastDue: true }, to: null });
    // …and the next state (canceled) finds nothing more to count.
    expect(classify(unpaid, later(unpaid, 5, { status: 'canceled' }))).toMatchObject({
      events: [],
      from: null,
      to: null,
    });
    // A past-due state written after the grace is a loss too.
    const stillPastDue = { ...pastDue, asOf: pastDue.asOf + PAST_DUE_GRACE_MS };
    expect(classify(pastDue, stillPastDue)).toMatchObject({ events: ['lost'], to: null });
  });

  it('a period that ran out with no event, then a new payment: lost and reactivated', () => {
    const off = { ...member, cancelAtPeriodEnd: true, currentPeriodEnd: t0 + 10 * DAY };
    const again = join('yearly', t0 + 40 * DAY, FAR, 'sub-2');
    expect(classify(off, again)).toMatchObject({
      events: ['lost', 'reactivated'],
      from: { plan: 'monthly' },
      to: { plan: 'yearly' },
    });
  });

  it('the yearly upgrade, which also turns autopay back on', () => {
    expect(classify(member, later(member, 5, { plan: 'yearly' }))).toMatchObject({
      events: ['upgraded'],
      from: { plan: 'monthly' },
      to: { plan: 'yearly' },
    });
    const off = later(member, 3, { cancelAtPeriodEnd: true });
    expect(classify(off, later(off, 1, { plan: 'yearly', cancelAtPeriodEnd: false })).events).toEqual([
      'resumed',
      'upgraded',
    ]);
  });

  it('never-paid states count nowhere', () => {
    const incomplete = { ...member, status: 'incomplete' as const };
    expect(classify(null, incomplete)).toMatchObject({ events: [], from: null, to: null });
    expect(classify(incomplete, later(incomplete, 1, { status: 'incomplete_expired' })).events).toEqual([]);
  });

  it('is counted on the UTC day it is seen: Sunday 23:59:59.999 vs Monday 00:00', () => {
    expect(classifyChange(null, member, at('2026-03-01', '23:59:59.999'), prices).day).toBe('2026-03-01');
    expect(classifyChange(null, member, at('2026-03-02', '00:00:00.000'), prices).day).toBe('2026-03-02');
  });

  it('carries what the member pays: ARR moved, added (joined or paying more) and lost', () => {
    const promo = { ...member, price: '58.49' };
    // 58.49 × 12 = 701.88
    expect(changeCounts(classify(null, promo))).toMatchObject({ arr: 70_188, arrAdded: 70_188, arrLost: 0 });
    // The promo ends: the rise is added, the member was never lost.
    const full = later(promo, 30, { price: '64.99' });
    expect(changeCounts(classify(promo, full))).toMatchObject({ arr: 7_800, arrAdded: 7_800, arrLost: 0 });
    // The yearly upgrade pays less per month: ARR moves down, nothing added or lost.
    const yearly = later(full, 5, { plan: 'yearly', price: '599.99' });
    expect(changeCounts(classify(full, yearly))).toMatchObject({
      arr: YEARLY_ARR - MONTHLY_ARR,
      arrAdded: 0,
      arrLost: 0,
    });
    // Lost: what they paid.
    expect(changeCounts(classify(promo, later(promo, 2, { status: 'canceled' })))).toMatchObject({
      arr: -70_188,
      arrAdded: 0,
      arrLost: 70_188,
    });
    // Lost, then back on another plan in one write: both sides count.
    const ran = { ...promo, cancelAtPeriodEnd: true, currentPeriodEnd: t0 + 10 * DAY };
    expect(changeCounts(classify(ran, join('yearly', t0 + 40 * DAY, FAR, 'sub-2')))).toMatchObject({
      lost: 1,
      reactivated: 1,
      arr: YEARLY_ARR - 70_188,
      arrAdded: YEARLY_ARR,
      arrLost: 70_188,
    });
    // Complimentary: a member, paying nothing.
    const free = { ...member, subscriptionId: 'comp_1' };
    expect(changeCounts(classify(null, free))).toMatchObject({ new: 1, monthly: 1, arr: 0, arrAdded: 0 });
  });
});

describe('what a member pays (billing/member-price.ts)', () => {
  const monthly = join('monthly', at('2026-03-02'));
  const yearly = join('yearly', at('2026-03-02'));

  it('is their own price when kept, the list price otherwise, nothing when complimentary', () => {
    expect(memberPriceCents({ ...monthly, price: '58.49' }, prices)).toBe(5849);
    expect(memberPriceCents(monthly, prices)).toBe(6499);
    expect(memberPriceCents({ ...monthly, price: 'about 50' }, prices)).toBe(6499); // unreadable: list price
    expect(memberPriceCents({ ...monthly, subscriptionId: 'comp_9', price: '64.99' }, prices)).toBe(0);
    expect(arrCents({ ...monthly, price: '58.49' }, prices)).toBe(70_188);
    expect(arrCents(yearly, prices)).toBe(YEARLY_ARR);
    expect(arrCents({ ...yearly, price: '479.99' }, prices)).toBe(47_999); // YEARLY20
  });

  it('MRR is the sum of ARR ÷ 12, rounded once to the cent, half up', () => {
    // One WELCOME10 monthly (58.49) and one yearly (599.99 ÷ 12 = 49.99916…): 108.48916… → 108.49,
    // where list prices said 64.99 + 50.00 = 114.99.
    const members = [
      { ...monthly, price: '58.49' },
      { ...yearly, price: '599.99' },
    ];
    expect(mrrFromArr(members.reduce((sum, m) => sum + arrCents(m, prices), 0))).toBe('108.49');
    expect(snapshotFrom(members, prices, '2026-03-02', []).mrr).toBe('108.49');
    // Yearly ÷ 12: 599.99 → 49.99916… → 50.00; twelve of them exactly 599.99.
    expect(mrrFromArr(YEARLY_ARR)).toBe('50.00');
    expect(mrrFromArr(12 * YEARLY_ARR)).toBe('599.99');
    // Never per-member roundings: 7 yearly are 349.99416… → 349.99, not 7 × 50.00.
    expect(mrrFromArr(7 * YEARLY_ARR)).toBe('349.99');
    // Complimentary members count as members, paying 0.
    const free = { ...monthly, subscriptionId: 'comp_1' };
    expect(snapshotFrom([free, { ...monthly }], prices, '2026-03-02', [])).toMatchObject({
      active: { monthly: 2, yearly: 0 },
      arr: MONTHLY_ARR,
      mrr: '64.99',
    });
  });

  it('rounds a half cent up', () => {
    // 6 cents a year ÷ 12 = 0.005 exactly: half up gives 0.01 (half even would give 0.00).
    expect(mrrFromArr(6)).toBe('0.01');
    expect(mrrFromArr(5)).toBe('0.00');
    expect(mrrFromArr(0)).toBe('0.00');
  });
});

/**
 * Ten weeks, Monday 2026-01-26 to Sunday 2026-04-05 (ISO weeks 5–14; January's last days, February,
 * March, April's first days), with the content's prices: 64.99 monthly, 599.99 yearly.
 * Members A–J; every write is a billing state change at the time shown (10:00 UTC unless given).
 */
type Write = [
  time: number,
  member: string,
  next: (previous: Membership | undefined, time: number) => Membership,
];
const stateOf = (change: Edit) => (previous: Membership | undefined, time: number) => {
  if (!previous) throw new Error('no membership to change');
  return edit(previous, { ...change, asOf: time });
};
const joins =
  (plan: Membership['plan'], periodEnd = FAR, subscriptionId = 'sub') =>
  (_: Membership | undefined, time: number) =>
    join(plan, time, periodEnd, subscriptionId);

const history: Write[] = [
  [at('2026-01-26'), 'A', joins('monthly')],
  [at('2026-01-27'), 'B', joins('monthly', at('2026-02-27', '12:00:00.000'))],
  [at('2026-01-28'), 'C', joins('yearly')],
  [at('2026-02-01', '23:59:00.000'), 'D', joins('monthly')], // Sunday 23:59: week 5, February
  [at('2026-02-02', '00:00:00.000'), 'E', joins('monthly')], // Monday 00:00: week 6
  [at('2026-02-05'), 'B', stateOf({ cancelAtPeriodEnd: true })], // autopay off
  [at('2026-02-10'), 'F', joins('monthly')],
  [at('2026-02-12'), 'A', stateOf({ plan: 'yearly' })], // upgrade
  [
    at('2026-02-16', '09:00:00.000'),
    'D',
    stateOf({ status: 'past_due', pastDueSince: at('2026-02-16', '09:00:00.000') }),
  ],
  [at('2026-02-19', '09:00:00.000'), 'D', stateOf({ status: 'active', pastDueSince: undefined })], // recovers
  [at('2026-02-27', '12:00:00.000'), 'B', stateOf({ status: 'canceled' })], // ends at its period end
  [at('2026-02-28', '23:59:59.999'), 'G', joins('yearly')], // February's last instant
  [at('2026-03-01', '00:00:00.000'), 'E', stateOf({ cancelAtPeriodEnd: true })], // March's first instant
  [
    at('2026-03-02', '08:00:00.000'),
    'F',
    stateOf({ status: 'past_due', pastDueSince: at('2026-03-02', '08:00:00.000') }),
  ],
  [at('2026-03-04'), 'H', joins('monthly')],
  [at('2026-03-09', '08:00:00.000'), 'F', stateOf({ status: 'unpaid' })], // retries end with the grace: lost
  [at('2026-03-15', '23:59:59.999'), 'I', joins('monthly')], // Sunday's last instant: week 11
  [at('2026-03-18'), 'B', joins('monthly', FAR, 'sub-2')], // pays again: reactivated
  [at('2026-03-20'), 'E', stateOf({ cancelAtPeriodEnd: false })], // autopay on again
  [at('2026-03-24'), 'C', stateOf({ cancelAtPeriodEnd: true })],
  [at('2026-03-26'), 'H', stateOf({ status: 'canceled' })], // cancelled at once: lost
  [at('2026-04-01'), 'J', joins('yearly')],
  [
    at('2026-04-02', '09:00:00.000'),
    'D',
    stateOf({ status: 'past_due', pastDueSince: at('2026-04-02', '09:00:00.000') }),
  ],
];

/** Runs the history as the product would: each write classified, a snapshot per day from the members. */
function runHistory() {
  const members = new Map<string, Membership>();
  const snapshots: DailySnapshot[] = [];
  const kept: DailySnapshot[] = [];
  const changes: Array<[string, Change]> = [];
  for (let day = at('2026-01-26', '00:00:00.000'); day <= at('2026-04-05', '00:00:00.000'); day += DAY) {
    const today: Change[] = [];
    const previous = kept.at(-1);
    let counted = emptySnapshot(dayOf(day));
    if (previous)
      counted = {
        ...counted,
        active: previous.active,
        pastDue: previous.pastDue,
        arr: previous.arr,
        mrr: previous.mrr,
      };
    for (const [time, name, next] of history.filter(([time]) => dayOf(time) === dayOf(day))) {
      const before = members.get(name) ?? null;
      const after = next(before ?? undefined, time);
      members.set(name, after);
      const change = classifyChange(before, after, time, prices);
      today.push(change);
      changes.push([name, change]);
      counted = applyChange(counted, change);
    }
    snapshots.push(snapshotFrom(members.values(), prices, dayOf(day), today));
    kept.push(counted);
  }
  return { snapshots, kept, changes };
}

describe('a ten-week history, every figure pinned by hand', () => {
  const { snapshots, kept, changes } = runHistory();

  it('classifies each write', () => {
    expect(changes.map(([name, c]) => `${c.day} ${name} ${c.events.join('+')}`)).toEqual([
      '2026-01-26 A new',
      '2026-01-27 B new',
      '2026-01-28 C new',
      '2026-02-01 D new',
      '2026-02-02 E new',
      '2026-02-05 B cancelled',
      '2026-02-10 F new',
      '2026-02-12 A upgraded',
      '2026-02-16 D pastDueEntered',
      '2026-02-19 D pastDueRecovered',
      '2026-02-27 B lost',
      '2026-02-28 G new',
      '2026-03-01 E cancelled',
      '2026-03-02 F pastDueEntered',
      '2026-03-04 H new',
      '2026-03-09 F lost',
      '2026-03-15 I new',
      '2026-03-18 B reactivated',
      '2026-03-20 E resumed',
      '2026-03-24 C cancelled',
      '2026-03-26 H lost',
      '2026-04-01 J new',
      '2026-04-02 D pastDueEntered',
    ]);
  });

  it('keeps the same figures by billing events as the scheduled job finds in the members', () => {
    // Every loss here is written when access ends, so counting events and reading members agree.
    expect(kept).toEqual(snapshots);
    expect(snapshots).toHaveLength(70);
  });

  it('counts past-due members within the grace, as members', () => {
    const day = (d: string) => snapshots.find((s) => s.day === d);
    expect(day('2026-02-15')?.pastDue).toBe(0);
    expect(day('2026-02-16')).toMatchObject({ pastDue: 1, active: { monthly: 4, yearly: 2 } }); // D
    expect(day('2026-02-19')?.pastDue).toBe(0); // D paid
    expect(day('2026-03-08')).toMatchObject({ pastDue: 1, active: { monthly: 4, yearly: 3 } }); // F, day 6 of 7
    expect(day('2026-03-09')).toMatchObject({ pastDue: 0, active: { monthly: 3, yearly: 3 }, lost: 1 });
  });

  const noCash = {
    collected: '0.00',
    refunded: '0.00',
    failed: '0.00',
    net: '0.00',
    charges: 0,
    refunds: 0,
    failures: 0,
  };
  // Nothing lost unless a period says: both churns are 0 of what could have been lost.
  const base = {
    new: 0,
    reactivated: 0,
    cancelled: 0,
    lost: 0,
    logoChurn: '0.0000',
    revenueChurn: '0.0000',
    mrrLost: '0.00',
    cash: noCash,
  };

  it('per ISO week', () => {
    // ARR in cents: a monthly member 779.88 (64.99 × 12), a yearly one 599.99.
    expect(periodFigures(snapshots, 'week')).toEqual([
      // A, B, C and D (Sunday 23:59) join; no snapshot before the week, so its start is unknown
      // (counted as 0: everyone in it arrived in it). Nobody lost: 0 ÷ 4.
      // End: 3 monthly (A, B, D) + 1 yearly (C): 194.97 + 49.99916… = 244.96916… → 244.97
      {
        ...base,
        period: '2026-W05',
        first: '2026-01-26',
        last: '2026-02-01',
        new: 4,
        activeAtStart: null,
        activeAtEnd: 4,
        mrrAtStart: null,
        mrrAtEnd: '244.97',
      },
      // E joins Monday 00:00; B turns autopay off (still a member). 4 monthly + C: 259.96 + 49.99916… → 309.96
      {
        ...base,
        period: '2026-W06',
        first: '2026-02-02',
        last: '2026-02-08',
        new: 1,
        cancelled: 1,
        activeAtStart: 4,
        activeAtEnd: 5,
        mrrAtStart: '244.97',
        mrrAtEnd: '309.96',
      },
      // F joins; A upgrades. Monthly B, D, E, F (259.96) + yearly A, C (1199.98 ÷ 12 = 99.99833…) → 359.96
      {
        ...base,
        period: '2026-W07',
        first: '2026-02-09',
        last: '2026-02-15',
        new: 1,
        activeAtStart: 5,
        activeAtEnd: 6,
        mrrAtStart: '309.96',
        mrrAtEnd: '359.96',
      },
      // D goes past due and recovers: no count moves.
      {
        ...base,
        period: '2026-W08',
        first: '2026-02-16',
        last: '2026-02-22',
        activeAtStart: 6,
        activeAtEnd: 6,
        mrrAtStart: '359.96',
        mrrAtEnd: '359.96',
      },
      // B lost (its period ended), G joins (Sat 23:59:59.999), E autopay off (Sun Mar 1 00:00).
      // Logo churn 1 ÷ (6 + 1) = 0.142857… → 0.1429. Revenue churn: B's 779.88 ÷ (4319.50 at the
      // start + G's 599.99) = 0.158528… → 0.1585. Monthly D, E, F (194.97) + yearly A, C, G (149.9975) → 344.97
      {
        ...base,
        period: '2026-W09',
        first: '2026-02-23',
        last: '2026-03-01',
        new: 1,
        cancelled: 1,
        lost: 1,
        activeAtStart: 6,
        activeAtEnd: 6,
        logoChurn: '0.1429',
        revenueChurn: '0.1585',
        mrrAtStart: '359.96',
        mrrLost: '64.99',
        mrrAtEnd: '344.97',
      },
      // H joins; F past due (still counted). Monthly D, E, F, H (259.96) + 149.9975 = 409.9575 → 409.96
      {
        ...base,
        period: '2026-W10',
        first: '2026-03-02',
        last: '2026-03-08',
        new: 1,
        activeAtStart: 6,
        activeAtEnd: 7,
        mrrAtStart: '344.97',
        mrrAtEnd: '409.96',
      },
      // F lost at the grace's end (Monday 08:00); I joins Sunday 23:59:59.999. Logo churn 1 ÷ (7 + 1)
      // = 0.1250; revenue churn 779.88 ÷ (4919.49 + 779.88) = 0.136836… → 0.1368
      {
        ...base,
        period: '2026-W11',
        first: '2026-03-09',
        last: '2026-03-15',
        new: 1,
        lost: 1,
        activeAtStart: 7,
        activeAtEnd: 7,
        logoChurn: '0.1250',
        revenueChurn: '0.1368',
        mrrAtStart: '409.96',
        mrrLost: '64.99',
        mrrAtEnd: '409.96',
      },
      // B reactivated; E autopay on again (not a figure). 5 monthly (324.95) + 149.9975 = 474.9475 → 474.95
      {
        ...base,
        period: '2026-W12',
        first: '2026-03-16',
        last: '2026-03-22',
        reactivated: 1,
        activeAtStart: 7,
        activeAtEnd: 8,
        mrrAtStart: '409.96',
        mrrAtEnd: '474.95',
      },
      // C autopay off; H cancelled at once. Logo churn 1 ÷ 8; revenue churn 779.88 ÷ 5699.37 → 0.1368.
      // Monthly D, E, I, B (259.96) + 149.9975 → 409.96
      {
        ...base,
        period: '2026-W13',
        first: '2026-03-23',
        last: '2026-03-29',
        cancelled: 1,
        lost: 1,
        activeAtStart: 8,
        activeAtEnd: 7,
        logoChurn: '0.1250',
        revenueChurn: '0.1368',
        mrrAtStart: '474.95',
        mrrLost: '64.99',
        mrrAtEnd: '409.96',
      },
      // J joins yearly; D past due again (counted). 259.96 + 2399.96 ÷ 12 (199.99666…) = 459.95666… → 459.96
      {
        ...base,
        period: '2026-W14',
        first: '2026-03-30',
        last: '2026-04-05',
        new: 1,
        activeAtStart: 7,
        activeAtEnd: 8,
        mrrAtStart: '409.96',
        mrrAtEnd: '459.96',
      },
    ]);
  });

  it('per calendar month', () => {
    expect(periodFigures(snapshots, 'month')).toEqual([
      // From the 26th: A, B, C. End: A, B monthly (129.98) + C (49.99916…) = 179.97916… → 179.98
      {
        ...base,
        period: '2026-01',
        first: '2026-01-01',
        last: '2026-01-31',
        new: 3,
        activeAtStart: null,
        activeAtEnd: 3,
        mrrAtStart: null,
        mrrAtEnd: '179.98',
      },
      // D (1st, 23:59), E, F, G (28th, 23:59:59.999) join; B cancels and is lost. Logo churn
      // 1 ÷ (3 + 4) → 0.1429; revenue churn 779.88 ÷ (2159.75 + 3 × 779.88 + 599.99) = 0.152936… → 0.1529
      {
        ...base,
        period: '2026-02',
        first: '2026-02-01',
        last: '2026-02-28',
        new: 4,
        cancelled: 1,
        lost: 1,
        activeAtStart: 3,
        activeAtEnd: 6,
        logoChurn: '0.1429',
        revenueChurn: '0.1529',
        mrrAtStart: '179.98',
        mrrLost: '64.99',
        mrrAtEnd: '344.97',
      },
      // H, I join; B back; E (1st, 00:00) and C cancel; F and H lost. 6 + 2 + 1 − 2 = 7. Logo churn
      // 2 ÷ (6 + 2 + 1) = 0.2222; revenue churn 1559.76 ÷ (4139.61 + 3 × 779.88) = 0.240731… → 0.2407
      {
        ...base,
        period: '2026-03',
        first: '2026-03-01',
        last: '2026-03-31',
        new: 2,
        reactivated: 1,
        cancelled: 2,
        lost: 2,
        activeAtStart: 6,
        activeAtEnd: 7,
        logoChurn: '0.2222',
        revenueChurn: '0.2407',
        mrrAtStart: '344.97',
        mrrLost: '129.98',
        mrrAtEnd: '409.96',
      },
      // J joins; the month so far (to the 5th).
      {
        ...base,
        period: '2026-04',
        first: '2026-04-01',
        last: '2026-04-30',
        new: 1,
        activeAtStart: 7,
        activeAtEnd: 8,
        mrrAtStart: '409.96',
        mrrAtEnd: '459.96',
      },
    ]);
  });

  it('current figures from the latest snapshot', () => {
    expect(currentFigures(snapshots.at(-1) as DailySnapshot)).toEqual({
      day: '2026-04-05',
      active: { monthly: 4, yearly: 4, total: 8 },
      pastDue: 1,
      mrr: '459.96',
      today: { new: 0, reactivated: 0, cancelled: 0, lost: 0 },
      cash: noCash,
    });
  });

  it('reads snapshots in any order, and refuses two of one day', () => {
    expect(periodFigures([...snapshots].reverse(), 'month')).toEqual(periodFigures(snapshots, 'month'));
    expect(() => periodFigures([snapshots[0], snapshots[0]] as DailySnapshot[], 'week')).toThrow(
      /two snapshots/,
    );
  });
});

describe('periods and churn at the edges', () => {
  it('has no churn without anybody or any revenue in the period, and no periods without snapshots', () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-09'].map((d) => emptySnapshot(d));
    expect(
      periodFigures(days, 'week').map((f) => [f.period, f.activeAtStart, f.logoChurn, f.revenueChurn]),
    ).toEqual([
      ['2026-W09', null, null, null],
      ['2026-W10', 0, null, null],
      ['2026-W11', 0, null, null],
    ]);
    expect(periodFigures([], 'month')).toEqual([]);
  });

  /** One day's snapshot after `writes` (each a before → after), from the gauges of `previous`. */
  const dayOfWrites = (
    day: string,
    writes: Array<[Membership | null, Membership]>,
    previous: DailySnapshot | null = null,
  ) =>
    writes.reduce(
      (snapshot, [before, after]) => applyChange(snapshot, classifyChange(before, after, after.asOf, prices)),
      previous
        ? { ...emptySnapshot(day), active: previous.active, arr: previous.arr, mrr: previous.mrr }
        : emptySnapshot(day),
    );

  it('a loss on the first day of history: 1 of 2 members is 0.5000, not none', () => {
    const t = at('2026-03-04');
    const a = join('monthly', t, FAR, 'sub-a');
    const b = join('monthly', t + 1000, FAR, 'sub-b');
    const first = dayOfWrites('2026-03-04', [
      [null, a],
      [null, b],
      [b, { ...b, status: 'canceled', asOf: t + 2000 }],
    ]);
    expect(first).toMatchObject({ new: 2, lost: 1, active: { monthly: 1, yearly: 0 }, mrr: '64.99' });
    for (const by of ['week', 'month'] as const)
      expect(periodFigures([first], by)[0]).toMatchObject({
        activeAtStart: null,
        activeAtEnd: 1,
        // 1 ÷ (0 + 2 + 0); 779.88 ÷ (0 + 2 × 779.88)
        logoChurn: '0.5000',
        revenueChurn: '0.5000',
        mrrAtStart: null,
        mrrLost: '64.99',
        mrrAtEnd: '64.99',
      });
  });

  it('revenue churn weighs members by what they pay; a rise is part of what could be lost', () => {
    const t = at('2026-03-02');
    const full = join('monthly', t, FAR, 'sub-full');
    const promo = { ...join('monthly', t, FAR, 'sub-promo'), price: '58.49' };
    const monday = dayOfWrites('2026-03-02', [
      [null, full],
      [null, promo],
    ]);
    // The next week the promo member is lost: 1 of 2 members, 701.88 of 1481.76 a year.
    const lost = { ...promo, status: 'canceled' as const, asOf: at('2026-03-10') };
    const next = dayOfWrites('2026-03-10', [[promo, lost]], monday);
    const week = periodFigures([monday, next], 'week')[1];
    expect(week).toMatchObject({
      activeAtStart: 2,
      logoChurn: '0.5000',
      // 70,188 ÷ 148,176 = 0.473680… → 0.4737
      revenueChurn: '0.4737',
      // (779.88 + 701.88) ÷ 12 = 123.48
      mrrAtStart: '123.48',
      mrrLost: '58.49',
    });
    // Within one week the promo ends (the member pays 64.99) and they are lost: the rise is added,
    // so the loss is all of what could be lost, never more.
    const rise = { ...promo, price: '64.99', asOf: t + 1000 };
    const gone = { ...rise, status: 'canceled' as const, asOf: t + 2000 };
    const day = dayOfWrites('2026-03-02', [
      [null, promo],
      [promo, rise],
      [rise, gone],
    ]);
    expect(day).toMatchObject({ arr: 0, arrAdded: MONTHLY_ARR, arrLost: MONTHLY_ARR });
    expect(periodFigures([day], 'week')[0]?.revenueChurn).toBe('1.0000');
  });

  it('sums each day’s money into its week and month, days without a snapshot included', () => {
    const cash = (collected: number, refunded = 0, failed = 0): CashCents => ({
      ...zeroCash(),
      collected,
      refunded,
      failed,
      charges: collected > 0 ? 1 : 0,
      refunds: refunded > 0 ? 1 : 0,
      failures: failed > 0 ? 1 : 0,
    });
    const days = ['2026-03-01', '2026-03-02', '2026-03-08'].map((d) => emptySnapshot(d));
    const money = new Map([
      ['2026-03-01', cash(6499)], // Sunday: week 9
      ['2026-03-02', cash(5849, 0, 6499)],
      ['2026-03-05', cash(59_999, 6499)], // no snapshot that day
      ['2026-04-01', cash(100)], // no period of its own: left out
    ]);
    expect(periodFigures(days, 'week', money).map((f) => [f.period, f.cash])).toEqual([
      [
        '2026-W09',
        {
          collected: '64.99',
          refunded: '0.00',
          failed: '0.00',
          net: '64.99',
          charges: 1,
          refunds: 0,
          failures: 0,
        },
      ],
      [
        '2026-W10',
        {
          collected: '658.48',
          refunded: '64.99',
          failed: '64.99',
          net: '593.49',
          charges: 2,
          refunds: 1,
          failures: 1,
        },
      ],
    ]);
    expect(periodFigures(days, 'month', money)[0]?.cash).toMatchObject({
      collected: '723.47',
      net: '658.48',
      charges: 3,
    });
  });

  it('numbers ISO weeks by the year of their Thursday', () => {
    expect(periodOf('2026-01-01', 'week')).toEqual({
      period: '2026-W01',
      first: '2025-12-29',
      last: '2026-01-04',
    });
    expect(periodOf('2027-01-03', 'week')).toEqual({
      period: '2026-W53',
      first: '2026-12-28',
      last: '2027-01-03',
    });
    expect(periodOf('2028-02-29', 'month')).toEqual({
      period: '2028-02',
      first: '2028-02-01',
      last: '2028-02-29',
    });
  });

  it('refuses a change counted on another day, and a malformed day', () => {
    const change = classifyChange(null, join('monthly', at('2026-03-02')), at('2026-03-02'), prices);
    expect(() => applyChange(emptySnapshot('2026-03-03'), change)).toThrow(/2026-03-02/);
    expect(() => snapshotFrom([], prices, '2026-02-30', [])).toThrow(/not a day/);
    // Changes of other days are not the day's counts.
    expect(snapshotFrom([], prices, '2026-03-03', [change]).new).toBe(0);
  });
});

describe('the figures kept in the store (operator/figures.ts)', () => {
  const t = at('2026-03-02');
  const promo = { ...join('monthly', t), price: '58.49' };

  it('counts a write with the ARR it moves, adds and loses, in integer cents', () => {
    expect(dayCountArgs(null, promo, t, prices)).toEqual([
      'new',
      '1',
      'monthly',
      '1',
      'arr',
      '70188',
      'arrAdded',
      '70188',
    ]);
    const ended = { ...promo, status: 'canceled' as const, asOf: t + DAY };
    expect(dayCountArgs(promo, ended, t + DAY, prices)).toEqual([
      'lost',
      '1',
      'monthly',
      '-1',
      'arr',
      '-70188',
      'arrLost',
      '70188',
    ]);
    // An older state is refused by the write: it counts nothing.
    expect(dayCountArgs(ended, promo, t + DAY, prices)).toEqual([]);
    // The content's list prices when none are given (what saveMembership calls).
    expect(dayCountArgs(null, join('yearly', t), t)).toContain('59999');
  });

  it('reads a day counted before ARR was kept at the list prices', () => {
    const legacy: Array<[string, string]> = [
      ['new', '2'],
      ['monthly', '1'],
      ['yearly', '1'],
    ];
    expect(dayCounts(legacy, prices)).toMatchObject({ new: 2, arr: MONTHLY_ARR + YEARLY_ARR, arrAdded: 0 });
    expect(dayCounts([...legacy, ['arr', '70188']], prices).arr).toBe(70_188);
    expect(dayCounts([['arr', 'x']]).arr).toBe(0);
  });

  it('reads a snapshot stored before ARR was kept: ARR from its MRR, the day’s revenue at its average', () => {
    const old = {
      day: '2026-03-01',
      active: { monthly: 3, yearly: 1 },
      pastDue: 0,
      new: 2,
      reactivated: 0,
      cancelled: 1,
      lost: 1,
      mrr: '244.97',
    };
    // 244.97 × 12 = 2939.64 a year over 4 members: 734.91 each.
    expect(parseSnapshot(JSON.stringify(old))).toEqual({
      ...old,
      arr: 293_964,
      arrAdded: 2 * 73_491,
      arrLost: 73_491,
    });
    const kept = { ...old, arr: 293_963, arrAdded: 5, arrLost: 7, mrr: '244.97' };
    expect(parseSnapshot(JSON.stringify(kept))).toEqual(kept);
    expect(parseSnapshot('{"day":"2026-03-01"}')).toBeNull();
    expect(parseSnapshot('not json')).toBeNull();
  });

  it('moves today’s gauges by the counts since the latest snapshot, ARR included', () => {
    const latest = daySnapshot(
      '2026-03-01',
      { active: { monthly: 1, yearly: 1 }, pastDue: 0, arr: 70_188 + YEARLY_ARR },
      dayCounts([]),
    );
    expect(latest.mrr).toBe('108.49');
    const counts = (entries: Array<[string, string]>) => dayCounts(entries, prices);
    const live = liveSnapshot(
      latest,
      [
        { day: '2026-03-01', counts: counts([['arr', '999999']]) }, // in the snapshot already
        {
          day: '2026-03-02',
          counts: counts([
            ['new', '1'],
            ['monthly', '1'],
            ['arr', '77988'],
          ]),
        },
        {
          day: '2026-03-03',
          counts: counts([
            ['lost', '1'],
            ['yearly', '-1'],
            ['arr', '-59999'],
          ]),
        },
      ],
      '2026-03-03',
    );
    expect(live).toMatchObject({
      day: '2026-03-03',
      active: { monthly: 2, yearly: 0 },
      lost: 1,
      new: 0,
      arr: 70_188 + MONTHLY_ARR,
      // 58.49 + 64.99
      mrr: '123.48',
    });
    expect(liveSnapshot(null, [], '2026-03-03')).toEqual(emptySnapshot('2026-03-03'));
  });
});

describe('snapshotFrom over 100,000 members', () => {
  it('completes in one pass with exact figures', () => {
    const odd = { monthly: { price: '59.99' }, yearly: { price: '599.99' } };
    const now = at('2026-03-02');
    const members: Membership[] = [];
    for (let i = 0; i < 100_000; i += 1) {
      const kind = i % 5;
      const m = join(kind === 1 ? 'yearly' : 'monthly', now - DAY);
      if (kind === 0) m.status = 'canceled';
      if (kind === 2) Object.assign(m, { status: 'past_due', pastDueSince: now - DAY });
      members.push(m);
    }
    // 20,000 canceled; 20,000 yearly; 20,000 past due (monthly, in the grace); 40,000 monthly.
    // 60,000 × 59.99 = 3,599,400; 20,000 × 599.99 ÷ 12 = 999,983.33…; total 4,599,383.33
    expect(snapshotFrom(members, odd, '2026-03-02', [])).toEqual({
      day: '2026-03-02',
      active: { monthly: 60_000, yearly: 20_000 },
      pastDue: 20_000,
      new: 0,
      reactivated: 0,
      cancelled: 0,
      lost: 0,
      // 60,000 × 719.88 + 20,000 × 599.99 = 55,192,600.00 a year
      arr: 5_519_260_000,
      arrAdded: 0,
      arrLost: 0,
      mrr: '4599383.33',
    });
  });
});

describe('affiliate commissions owed, from the referred payments', () => {
  const payment = (referral: string, amount: string, day: string): ReferredPayment => ({
    referral,
    clickId: null,
    memberSub: `m-${amount}`,
    email: null,
    subscriptionId: 'sub',
    plan: 'monthly',
    amount,
    paidAt: at(day),
  });
  const payments = [
    payment('abc123', '64.99', '2026-02-10'),
    payment('xyz', '599.99', '2026-03-01'),
    payment('abc123', '58.49', '2026-03-05'), // after the WELCOME10 promo
  ];

  it('sums exactly, unrounded: 30 % of 64.99 is 19.497', () => {
    // 19.497 + 179.997 + 17.547 = 217.041
    expect(commissionsOwed(payments, 30)).toEqual({
      percent: 30,
      payments: 3,
      paid: '723.47',
      commission: '217.041',
      byReferral: [
        { referral: 'xyz', payments: 1, paid: '599.99', commission: '179.997' },
        { referral: 'abc123', payments: 2, paid: '123.48', commission: '37.044' },
      ],
    });
  });

  it('over a range of payment times', () => {
    const march = commissionsOwed(payments, 30, {
      from: at('2026-03-01', '00:00:00.000'),
      to: at('2026-04-01', '00:00:00.000'),
    });
    expect(march).toMatchObject({ payments: 2, paid: '658.48', commission: '197.544' });
    expect(commissionsOwed([], 30)).toEqual({
      percent: 30,
      payments: 0,
      paid: '0.00',
      commission: '0.00',
      byReferral: [],
    });
  });
});
