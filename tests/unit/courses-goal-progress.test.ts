import { describe, expect, it } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { Goal } from '../../functions/_lib/courses/course-schema.ts';
import { type GoalJournal, goalNeeds, goalProgress } from '../../functions/_lib/courses/goal-progress.ts';
import { goalCounts } from '../../functions/_lib/courses/goals.ts';
import { tradeRecord } from '../support/trade-record.ts';

/** An instant by its UTC wall clock (the weeks of max-position-week are UTC weeks). */
const at = (m: number, d: number, h = 15) => Date.UTC(2026, m - 1, d, h);

const buy = (id: string, time: number, fields: Partial<Trade> = {}) =>
  tradeRecord({ trade_id: id, time, ...fields });
const sell = (id: string, time: number, fields: Partial<Trade> = {}) =>
  tradeRecord({
    trade_id: id,
    tradeType: 'sell',
    buyPrice: null,
    sellPrice: '1.1',
    sellProfit: '+',
    time,
    ...fields,
  });

/** A closed round trip: its opening trade is `${id}-open` (the trip's id), its close `${id}-close`. */
const trip = (id: string, open: number, close: number, fields: Partial<Trade> = {}) => [
  buy(`${id}-open`, open, fields),
  sell(`${id}-close`, close, {
    symbol: fields.symbol ?? 'ABCD',
    shares: fields.shares ?? '100',
    ...(fields.currency ? { currency: fields.currency } : {}),
  }),
];

const journal = (fields: Partial<GoalJournal>): GoalJournal => ({
  trades: [],
  tripNotes: {},
  tags: [],
  cashtagNotes: 0,
  accountSize: null,
  ...fields,
});

const risk = (value: string | null, tags: string[] = []) => ({ tags, risk: value });

/** The whole progress expected for `goal`: its kind and target, with what the test is about. */
const progressOf = (
  goal: Goal,
  shown: { sentence: string; count: number; met: boolean; href: string; action?: string },
) => ({
  kind: goal.kind,
  target: goal.target,
  action: expect.any(String),
  counts: goalCounts(goal),
  ...shown,
});

describe('closed-trips-with-risk', () => {
  const goal: Goal = { kind: 'closed-trips-with-risk', target: 2 };

  it('counts closed round trips whose opening trade carries a planned risk', () => {
    const progress = goalProgress(
      goal,
      journal({
        trades: [
          ...trip('a', at(3, 2), at(3, 3), { symbol: 'AAAA' }),
          ...trip('b', at(3, 4), at(3, 5), { symbol: 'BBBB' }),
        ],
        tripNotes: { 'a-open': risk('50'), 'b-open': risk('25.5') },
      }),
    );
    expect(progress).toEqual(
      progressOf(goal, {
        sentence: 'Close 2 round trips with a planned risk',
        count: 2,
        met: true,
        href: '/trades',
      }),
    );
  });

  it('does not count a trip without risk, a note on the closing trade, or a deleted trade', () => {
    const progress = goalProgress(
      goal,
      journal({
        trades: [
          ...trip('a', at(3, 2), at(3, 3), { symbol: 'AAAA' }),
          ...trip('b', at(3, 4), at(3, 5), { symbol: 'BBBB' }),
        ],
        tripNotes: { 'a-open': risk(null, ['setup:gap']), 'b-close': risk('10'), trade_GONE: risk('10') },
      }),
    );
    expect(progress).toMatchObject({ count: 0, met: false });
  });

  it('does not count a position still open, even with a risk noted on it', () => {
    const progress = goalProgress(
      goal,
      journal({ trades: [buy('open-1', at(3, 2))], tripNotes: { 'open-1': risk('40') } }),
    );
    expect(progress.count).toBe(0);
  });

  it('does not count a sell of shares bought before the journal started (mid-position start)', () => {
    const progress = goalProgress(
      goal,
      journal({ trades: [sell('earlier-1', at(3, 2))], tripNotes: { 'earlier-1': risk('40') } }),
    );
    expect(progress.count).toBe(0);
  });

  it('counts a trip closed in two sells once, by its opening trade', () => {
    const trades = [
      buy('x-open', at(3, 2), { shares: '200' }),
      sell('x-half', at(3, 3)),
      sell('x-rest', at(3, 4)),
    ];
    const notes = { 'x-open': risk('30'), 'x-half': risk('30'), 'x-rest': risk('30') };
    expect(goalProgress(goal, journal({ trades, tripNotes: notes })).count).toBe(1);
  });

  it('links to the planned risk of the latest closed trip without one', () => {
    const trades = [
      ...trip('a', at(3, 2), at(3, 3), { symbol: 'AAAA' }),
      ...trip('b', at(3, 4), at(3, 5), { symbol: 'BBBB' }),
      ...trip('c', at(3, 6), at(3, 7), { symbol: 'CCCC' }),
    ];
    const progress = goalProgress(goal, journal({ trades, tripNotes: { 'c-open': risk('10') } }));
    expect(progress).toMatchObject({ count: 1, href: '/trades#risk=b-open' });
    expect(progress.action).toBe('Plan the risk of your latest BBBB trade');
    expect(progress.counts).toMatch(/Planned risk/);
  });
});

describe('tagged-trips', () => {
  const goal: Goal = { kind: 'tagged-trips', target: 1, tag: 'panic-dip' };
  const trades = [
    ...trip('a', at(3, 2), at(3, 3), { symbol: 'AAAA' }),
    ...trip('b', at(3, 4), at(3, 5), { symbol: 'BBBB' }),
    buy('open-1', at(3, 6), { symbol: 'CCCC' }),
  ];

  it('matches a tag by name, case-insensitively, of any kind, and links to the latest untagged trip’s tag box', () => {
    const progress = goalProgress(
      goal,
      journal({
        trades,
        tags: [
          { id: 'mistake:panic-dip', name: 'Panic-Dip', kind: 'mistake' },
          { id: 'setup:gap-and-go', name: 'Gap and Go', kind: 'setup' },
        ],
        tripNotes: {
          'a-open': risk(null, ['mistake:panic-dip']),
          'b-open': risk(null, ['setup:gap-and-go']),
          'open-1': risk(null, ['mistake:panic-dip']),
          trade_GONE: risk(null, ['mistake:panic-dip']),
        },
      }),
    );
    expect(progress).toEqual(
      progressOf(goal, {
        sentence: 'Log 1 round trip tagged "panic-dip"',
        count: 1,
        met: true,
        href: '/trades#tags=b-open',
        action: 'Tag your latest BBBB trade',
      }),
    );
  });

  it('matches the setup tag whose id the goal names, whatever its spelling; all tagged, links to the filter', () => {
    const progress = goalProgress(
      goal,
      journal({
        trades,
        tags: [{ id: 'setup:panic-dip', name: 'Panic dip!', kind: 'setup' }],
        tripNotes: { 'a-open': risk(null, ['setup:panic-dip']), 'b-open': risk('5', ['setup:panic-dip']) },
      }),
    );
    expect(progress).toMatchObject({ count: 2, href: '/trades?tag=setup%3Apanic-dip' });
  });

  it('counts nothing, with a hint, when the member has no such tag', () => {
    const progress = goalProgress(
      goal,
      journal({
        trades,
        tags: [{ id: 'mistake:panic-dipping', name: 'panic dipping', kind: 'mistake' }],
        tripNotes: { 'a-open': risk(null, ['mistake:panic-dipping', 'setup:panic-dip']) },
      }),
    );
    expect(progress).toMatchObject({ count: 0, met: false, href: '/trades#tags=b-open' });
    expect(progress.hint).toBe('Tag round trips "panic-dip" on your trades page');
  });
});

describe('cashtag-notes and reviewed-trades', () => {
  it('takes the count of notes with a $cashtag as given', () => {
    const goal: Goal = { kind: 'cashtag-notes', target: 3 };
    expect(goalProgress(goal, journal({ cashtagNotes: 4 }))).toEqual(
      progressOf(goal, { sentence: 'Write 3 notes about a $cashtag', count: 4, met: true, href: '/journal' }),
    );
  });

  it('counts trades with a note that is not only white space, open or closed', () => {
    const goal: Goal = { kind: 'reviewed-trades', target: 3 };
    const trades = [
      buy('a', at(3, 2), { note: 'Chased the open' }),
      sell('b', at(3, 3), { note: '  \n\t ' }),
      buy('c', at(3, 4), { note: '' }),
      sell('d', at(3, 5), { note: ' Sold into the spike ' }),
    ];
    expect(goalProgress(goal, journal({ trades }))).toEqual(
      progressOf(goal, {
        sentence: 'Review 3 trades with a linked note',
        count: 2,
        met: false,
        href: '/trades#note=c',
        action: 'Write the note of your latest ABCD trade',
      }),
    );
  });

  it('says the Note field under Trades → Executions → Edit counts, not journal notes', () => {
    const goal: Goal = { kind: 'reviewed-trades', target: 1 };
    const progress = goalProgress(goal, journal({}));
    expect(progress.counts).toMatch(/Note field is filled in \(Trades → Executions → Edit → Note\)/);
    expect(progress.counts).toMatch(/Journal notes and tags do not count/);
    // No trade yet: the trades page, and what to do first.
    expect(progress).toMatchObject({
      href: '/trades',
      action: 'Open your trades',
      hint: 'Add or import a trade first',
    });
  });
});

describe('max-position-week', () => {
  // $10,000 account, 10%: no position over $1,000. 2026-03-02 and 2026-03-09 are Mondays.
  const goal: Goal = { kind: 'max-position-week', target: 1, percent: 10 };
  const priced = (price: string, fields: Partial<Trade> = {}) => ({
    buyPrice: price,
    shares: '100',
    ...fields,
  });

  it('counts the week whose positions all stay within the limit, not the week with one over', () => {
    const trades = [
      // Week of 2 March: $900 and exactly $1,000 (not over), both closed on Sunday 8 March UTC.
      ...trip('a', at(3, 6), at(3, 8, 22), priced('9', { symbol: 'AAAA' })),
      ...trip('b', at(3, 7), at(3, 8, 23), priced('10', { symbol: 'BBBB' })),
      // Week of 9 March: $500, and $1,500 over the limit, opened at Monday 00:00 UTC.
      ...trip('c', at(3, 10), at(3, 11), priced('5', { symbol: 'CCCC' })),
      ...trip('d', at(3, 9, 0), at(3, 9, 1), priced('15', { symbol: 'DDDD' })),
    ];
    const progress = goalProgress(goal, journal({ trades, accountSize: '10000' }));
    expect(progress).toEqual(
      progressOf(goal, {
        sentence: 'Trade 1 week with no position over 10% of your account size',
        count: 1,
        met: true,
        href: '/trades',
      }),
    );
  });

  it('spoils every week a position over the limit was held in', () => {
    const trades = [
      ...trip('a', at(3, 3), at(3, 4), priced('5', { symbol: 'AAAA' })),
      ...trip('b', at(3, 11), at(3, 12), priced('5', { symbol: 'BBBB' })),
      // Held from the first week into the second: $2,000.
      ...trip('c', at(3, 5), at(3, 10), priced('20', { symbol: 'CCCC' })),
    ];
    expect(goalProgress(goal, journal({ trades, accountSize: '10000' })).count).toBe(0);
  });

  it('does not count a week with only an open position, or with a close of earlier shares', () => {
    const trades = [buy('open-1', at(3, 3), priced('1')), sell('earlier-1', at(3, 10), { symbol: 'EEEE' })];
    expect(goalProgress(goal, journal({ trades, accountSize: '10000' })).count).toBe(0);
  });

  it('only looks at USD trips: other currencies neither count nor spoil a week', () => {
    const usdWeek = [
      ...trip('a', at(3, 3), at(3, 4), priced('5', { symbol: 'AAAA' })),
      // CA$5,000 in the same week: not compared with a dollar account size.
      ...trip('b', at(3, 3), at(3, 4), priced('50', { symbol: 'BBBB', currency: 'CAD' })),
    ];
    expect(goalProgress(goal, journal({ trades: usdWeek, accountSize: '10000' })).count).toBe(1);
    // A week of small CAD trips only is not a counted week.
    const cadWeek = trip('c', at(3, 10), at(3, 11), priced('1', { symbol: 'CCCC', currency: 'CAD' }));
    expect(goalProgress(goal, journal({ trades: cadWeek, accountSize: '10000' })).count).toBe(0);
  });

  it('counts nothing, with a hint, until the member states an account size', () => {
    const trades = trip('a', at(3, 3), at(3, 4), priced('1'));
    for (const accountSize of [null, '', '0', 'lots']) {
      const progress = goalProgress(goal, journal({ trades, accountSize }));
      expect(progress).toMatchObject({
        count: 0,
        met: false,
        hint: 'State your account size to count this goal',
      });
    }
    expect(goalProgress(goal, journal({ trades, accountSize: '10000' })).hint).toBeUndefined();
  });
});

describe('goalNeeds', () => {
  const none = { trades: false, tripNotes: false, tags: false, cashtagNotes: false, accountSize: false };

  it.each([
    [
      { kind: 'closed-trips-with-risk', target: 1 },
      { trades: true, tripNotes: true },
    ],
    [
      { kind: 'tagged-trips', target: 1, tag: 'x' },
      { trades: true, tripNotes: true, tags: true },
    ],
    [{ kind: 'cashtag-notes', target: 1 }, { cashtagNotes: true }],
    [{ kind: 'reviewed-trades', target: 1 }, { trades: true }],
    [
      { kind: 'max-position-week', target: 1, percent: 5 },
      { trades: true, accountSize: true },
    ],
  ] as [Goal, Partial<typeof none>][])('%o needs only its parts', (goal, needed) => {
    expect(goalNeeds([goal])).toEqual({ ...none, ...needed });
  });

  it('needs nothing for no goals and the union for several', () => {
    expect(goalNeeds([])).toEqual(none);
    expect(
      goalNeeds([
        { kind: 'cashtag-notes', target: 1 },
        { kind: 'max-position-week', target: 1, percent: 5 },
      ]),
    ).toEqual({ ...none, cashtagNotes: true, trades: true, accountSize: true });
  });
});
