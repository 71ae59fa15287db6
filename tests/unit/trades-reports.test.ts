import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decimalLess, holdBand, sizeBand } from '../../functions/_lib/trades/bands.ts';
import type { Bucket } from '../../functions/_lib/trades/buckets.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats } from '../../functions/_lib/trades/stats.ts';
import { closedTrade } from '../support/trades.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);
const expected = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as Record<
  string,
  {
    date_given?: string;
    same_as?: string;
    totals: Record<string, { closed_trades: number; gross: string; fees: string; net: string }>;
  }
>;

function fixture(file: string) {
  const dasLike = file === 'das.csv' || expected[file]?.same_as === 'das.csv';
  const date = dasLike ? '2026-03-16' : expected[file]?.date_given;
  return analyzeFile(readFileSync(new URL(file, DIR), 'utf8'), date ? { date } : {});
}

/** `trades/wins/losses gross fees net`: one line a bucket keeps the pinned tables readable. */
const row = (b: Bucket) => `${b.trades}/${b.wins}/${b.losses} ${b.gross} ${b.fees} ${b.net}`;
const rows = (table: Record<string, Bucket>) =>
  Object.fromEntries(Object.entries(table).map(([key, b]) => [key, row(b)]));

function trip(fields: Partial<ClosedTrade> & { net: string }): ClosedTrade {
  // Gross equals net unless told: no fees.
  return closedTrade({
    id: `t${Math.random()}`,
    avg_exit: '0.5',
    cost: '500',
    gross: fields.net,
    fees: '0',
    ...fields,
  });
}

describe('hold-time bands (lower edge included)', () => {
  it.each([
    ['2026-03-16T09:30:00', '2026-03-16T09:30:00', '<1m'],
    ['2026-03-16T09:30:00', '2026-03-16T09:30:59', '<1m'],
    ['2026-03-16T09:30:00', '2026-03-16T09:31:00', '1-5m'],
    ['2026-03-16T09:30:00', '2026-03-16T09:34:59', '1-5m'],
    ['2026-03-16T09:30:00', '2026-03-16T09:35:00', '5-30m'],
    ['2026-03-16T09:30:00', '2026-03-16T09:59:59', '5-30m'],
    ['2026-03-16T09:30:00', '2026-03-16T10:00:00', '30m-2h'],
    ['2026-03-16T09:30:00', '2026-03-16T11:29:59', '30m-2h'],
    ['2026-03-16T09:30:00', '2026-03-16T11:30:00', '>=2h'],
    ['2026-03-16T04:00:00', '2026-03-16T19:59:59', '>=2h'],
    // Overnight: a later day however short the hold.
    ['2026-03-16T15:59:00', '2026-03-17T09:30:00', 'multi-day'],
    // Dates only (Schwab): a later exit date is still multi-day, the dates say so…
    ['2026-03-16', '2026-03-18', 'multi-day'],
    ['2026-03-16T15:59:00', '2026-03-17', 'multi-day'],
    // …but how long a same-day trade lasted is unknown: no band (the reports count it apart).
    ['2026-03-16', '2026-03-16', null],
    ['2026-03-16T09:30:00', '2026-03-16', null],
    ['2026-03-16', '2026-03-16T15:00:00', null],
  ])('%s → %s is %s', (entry, exit, band) => {
    expect(holdBand({ entry, exit })).toBe(band);
  });
});

describe('date-only trips are left out of the time-of-day reports, and counted', () => {
  // Four trips by hand: a timed scalp, a date-only day trade, a date-only swing (bought Monday,
  // sold Thursday) and a typed 10:05 opening closed by a date-only sale the same day.
  const timed = trip({ id: 'timed', net: '50', entry: '2026-03-16T09:31:00', exit: '2026-03-16T09:31:40' });
  const day = trip({ id: 'day', net: '-20', entry: '2026-03-17', exit: '2026-03-17' });
  const swing = trip({ id: 'swing', net: '300', entry: '2026-03-16', exit: '2026-03-19' });
  const mixed = trip({ id: 'mixed', net: '7', entry: '2026-03-18T10:05:00', exit: '2026-03-18' });
  const s = computeStats([timed, day, swing, mixed]);

  it('by hour holds only the timed trip; the three with a date-only end are counted apart', () => {
    expect(rows(s.by_hour)).toEqual({ '09': '1/1/0 50.0000 0.0000 50.0000' });
    expect(s.time_unknown.by_hour).toBe(3);
  });

  it('by hold time: the scalp under a minute, the swing multi-day, the two same-day ones counted apart', () => {
    expect(rows(s.by_hold_time)).toEqual({
      '<1m': '1/1/0 50.0000 0.0000 50.0000',
      'multi-day': '1/1/0 300.0000 0.0000 300.0000',
    });
    expect(s.time_unknown.by_hold_time).toBe(2);
  });

  it('weekday and day still count every trip: their dates are known', () => {
    // Entries Mon 16, Tue 17, Mon 16, Wed 18; exits 16, 17, 19, 18.
    expect(rows(s.by_weekday)).toEqual({
      Mon: '2/2/0 350.0000 0.0000 350.0000',
      Tue: '1/0/1 -20.0000 0.0000 -20.0000',
      Wed: '1/1/0 7.0000 0.0000 7.0000',
    });
    expect(Object.keys(s.by_day)).toEqual(['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19']);
    expect(s.count).toBe(4);
  });

  it('counts nothing apart when every time is known', () => {
    expect(computeStats([timed]).time_unknown).toEqual({ by_hour: 0, by_hold_time: 0 });
  });
});

describe('size bands by position cost (lower edge included)', () => {
  it.each([
    ['0', '<500'],
    ['499.9999', '<500'],
    ['499.99999999999999999', '<500'], // a float would round this up to 500
    ['500', '500-2k'],
    ['500.0000', '500-2k'],
    ['1999.99', '500-2k'],
    ['2000', '2k-10k'],
    ['9999.9999', '2k-10k'],
    ['10000', '>=10k'],
    ['0010000.00', '>=10k'],
    ['123456789', '>=10k'],
  ])('cost %s is %s', (cost, band) => {
    expect(sizeBand(cost)).toBe(band);
  });

  it.each([
    ['0.0042', '0.001', false],
    ['0.0009', '0.001', true],
    ['1', '1.0', false],
    ['0.99', '1', true],
    ['1e-4', '0.001', true],
  ])('%s < %s is %s, exactly', (a, b, less) => {
    expect(decimalLess(a, b)).toBe(less);
  });
});

describe('maximum drawdown (largest fall of cumulative net from a previous peak)', () => {
  // Trades close one a minute in the order given.
  const run = (nets: string[]) =>
    computeStats(
      nets.map((net, i) =>
        trip({ id: `t${i + 1}`, net, exit: `2026-03-16T10:${String(i).padStart(2, '0')}:00` }),
      ),
    );
  it.each([
    { nets: [], dd: '0.0000', start: null, end: null },
    { nets: ['10', '5'], dd: '0.0000', start: null, end: null },
    // The start of the curve (0) is a peak: a first loss is a drawdown from trade 0.
    { nets: ['-3', '1'], dd: '3.0000', start: 0, end: 1 },
    { nets: ['100', '-30', '-20', '60', '-70'], dd: '70.0000', start: 4, end: 5 },
    { nets: ['100', '-30', '-20', '40', '-10'], dd: '50.0000', start: 1, end: 3 },
    // Equal falls: the first is kept; an equal later high restarts the fall from there.
    { nets: ['10', '-5', '5', '-5'], dd: '5.0000', start: 1, end: 2 },
    { nets: ['10', '0', '-7'], dd: '7.0000', start: 2, end: 3 },
    { nets: ['0.0001', '-0.00005'], dd: '0.00005', start: 1, end: 2 },
  ])('$nets → $dd from trade $start to $end', ({ nets, dd, start, end }) => {
    const stats = run(nets);
    expect(stats.max_drawdown).toBe(dd);
    expect(stats.max_drawdown_start?.trade ?? null).toBe(start);
    expect(stats.max_drawdown_end?.trade ?? null).toBe(end);
    expect(stats.equity_curve.map((p) => p.trade)).toEqual(nets.map((_, i) => i + 1));
  });

  it('follows closing order, not entry order', () => {
    const late = trip({ id: 'late', net: '-50', entry: '2026-03-16T09:30:00', exit: '2026-03-16T15:00:00' });
    const early = trip({ id: 'early', net: '20', entry: '2026-03-16T10:00:00', exit: '2026-03-16T10:05:00' });
    const stats = computeStats([late, early]);
    expect(stats.equity_curve.map((p) => [p.id, p.cumulative])).toEqual([
      ['early', '20.0000'],
      ['late', '-30.0000'],
    ]);
    expect(stats.max_drawdown).toBe('50.0000');
    expect(stats.max_drawdown_start).toEqual({ trade: 1, exit: '2026-03-16T10:05:00' });
    expect(stats.max_drawdown_end).toEqual({ trade: 2, exit: '2026-03-16T15:00:00' });
  });
});

describe('tags and R-multiples come from the member’s notes', () => {
  const a = trip({ id: 'a', net: '300', gross: '301', fees: '1' });
  const b = trip({ id: 'b', net: '-100', gross: '-99', fees: '1', side: 'short' });
  const c = trip({ id: 'c', net: '0' });
  const notes = new Map([
    ['a', { tags: ['gap-and-go', 'halt-resume', 'gap-and-go'], risk: '100' }],
    ['b', { tags: ['gap-and-go', 'chased'], risk: '300' }],
    ['c', { tags: [], risk: null }],
    ['not-a-trade', { tags: ['ghost'], risk: '1' }],
  ]);
  it('files a trade under each of its tags once, untagged trades under none', () => {
    const stats = computeStats([a, b, c], notes);
    expect(rows(stats.by_tag)).toEqual({
      chased: '1/0/1 -99.0000 1.0000 -100.0000',
      'gap-and-go': '2/1/1 202.0000 2.0000 200.0000',
      'halt-resume': '1/1/0 301.0000 1.0000 300.0000',
    });
    expect(rows(stats.by_side)).toEqual({
      long: '2/1/0 301.0000 1.0000 300.0000',
      short: '1/0/1 -99.0000 1.0000 -100.0000',
    });
  });
  it('adds R = net ÷ planned risk over the trades that have one', () => {
    // 300 ÷ 100 = 3R, −100 ÷ 300 = −0.3333…R
    expect(computeStats([a, b, c], notes).r_multiples).toEqual({
      trades: 2,
      total_r: '2.6667',
      avg_r: '1.3333',
    });
    expect(computeStats([a, b, c]).r_multiples).toEqual({ trades: 0, total_r: null, avg_r: null });
  });
});

describe('reports pinned on the broker fixtures (checked by hand against the fixtures README)', () => {
  it('das.csv', () => {
    const s = fixture('das.csv').stats.USD;
    expect(s).toBeDefined();
    if (!s) return;
    expect(rows(s.by_symbol)).toEqual({
      ALPP: '1/1/0 85.0000 0.3000 84.7000',
      ENZC: '1/0/1 -450.0000 0.6200 -450.6200',
      HMBL: '1/1/0 1200.0000 0.8500 1199.1500',
    });
    expect(rows(s.by_side)).toEqual({
      long: '2/1/1 750.0000 1.4700 748.5300',
      short: '1/1/0 85.0000 0.3000 84.7000',
    });
    // HMBL 31 min 35 s; ALPP 25 min 33 s; ENZC 16 min 20 s.
    expect(rows(s.by_hold_time)).toEqual({
      '5-30m': '2/1/1 -365.0000 0.9200 -365.9200',
      '30m-2h': '1/1/0 1200.0000 0.8500 1199.1500',
    });
    // Costs: HMBL 2,000,000 × 0.0042 = 8,400; ALPP 5,000 × 0.315 = 1,575; ENZC 3,000,000 × 0.0011 = 3,300.
    expect(rows(s.by_size)).toEqual({
      '500-2k': '1/1/0 85.0000 0.3000 84.7000',
      '2k-10k': '2/1/1 750.0000 1.4700 748.5300',
    });
    expect(rows(s.by_price)).toEqual({
      '0.001-0.01': '2/1/1 750.0000 1.4700 748.5300',
      '0.10-1': '1/1/0 85.0000 0.3000 84.7000',
    });
    expect(rows(s.by_hour)).toEqual({
      '09': '1/1/0 1200.0000 0.8500 1199.1500',
      '10': '1/1/0 85.0000 0.3000 84.7000',
      '11': '1/0/1 -450.0000 0.6200 -450.6200',
    });
    expect(rows(s.by_weekday)).toEqual({ Mon: '3/2/1 835.0000 1.7700 833.2300' });
    expect(rows(s.by_day)).toEqual({ '2026-03-16': '3/2/1 835.0000 1.7700 833.2300' });
    expect(s.equity_curve.map((p) => p.cumulative)).toEqual(['1199.1500', '1283.8500', '833.2300']);
    expect(s.max_drawdown).toBe('450.6200');
    expect(s.max_drawdown_start).toEqual({ trade: 2, exit: '2026-03-16T10:40:33' });
    expect(s.max_drawdown_end).toEqual({ trade: 3, exit: '2026-03-16T11:21:30' });
    expect(s.fees_pct_of_gross).toBe('0.2120'); // 1.77 ÷ 835 × 100 = 0.21197…
    expect(s.by_tag).toEqual({});
  });

  it('schwab.csv (dates only, a swing)', () => {
    const s = fixture('schwab.csv').stats.USD;
    if (!s) throw new Error('no USD stats');
    // The swing is multi-day by its dates; the two same-day trades' hold is unknown: left out, counted.
    expect(rows(s.by_hold_time)).toEqual({
      'multi-day': '1/0/1 -500.0000 8.3700 -508.3700',
    });
    expect(s.time_unknown.by_hold_time).toBe(2);
    expect(rows(s.by_size)).toEqual({
      '500-2k': '1/1/0 45.0000 0.5300 44.4700',
      '2k-10k': '2/1/1 -200.0000 16.8000 -216.8000',
    });
    // No time of day in the file: no trade in any hour (none at a made-up midnight), all three counted apart.
    expect(rows(s.by_hour)).toEqual({});
    expect(s.time_unknown.by_hour).toBe(3);
    expect(rows(s.by_weekday)).toEqual({
      Tue: '2/1/1 -200.0000 16.8000 -216.8000',
      Wed: '1/1/0 45.0000 0.5300 44.4700',
    });
    // By exit day: the ENZC swing bought 03/24 counts on 03/25.
    expect(rows(s.by_day)).toEqual({
      '2026-03-24': '1/1/0 300.0000 8.4300 291.5700',
      '2026-03-25': '2/1/1 -455.0000 8.9000 -463.9000',
    });
    expect(s.equity_curve.map((p) => p.cumulative)).toEqual(['291.5700', '-216.8000', '-172.3300']);
    expect(s.max_drawdown).toBe('508.3700');
    expect(s.max_drawdown_start).toEqual({ trade: 1, exit: '2026-03-24' });
    expect(s.max_drawdown_end).toEqual({ trade: 2, exit: '2026-03-25' });
    expect(s.fees_pct_of_gross).toBe('11.1806'); // 17.33 ÷ |−155| × 100
  });

  it('lightspeed.csv (a one-minute scalp, a $10k position)', () => {
    const s = fixture('lightspeed.csv').stats.USD;
    if (!s) throw new Error('no USD stats');
    expect(rows(s.by_hold_time)).toEqual({
      '<1m': '1/1/0 400.0000 9.6200 390.3800',
      '30m-2h': '2/1/1 324.0000 20.0500 303.9500',
    });
    expect(rows(s.by_size)).toEqual({
      '500-2k': '1/0/1 -36.0000 1.5300 -37.5300',
      '2k-10k': '1/1/0 360.0000 18.5200 341.4800',
      '>=10k': '1/1/0 400.0000 9.6200 390.3800',
    });
    expect(s.max_drawdown).toBe('37.5300');
    expect(s.fees_pct_of_gross).toBe('4.0981');
  });

  it('tradezero.csv (three wins: no drawdown)', () => {
    const s = fixture('tradezero.csv').stats.USD;
    if (!s) throw new Error('no USD stats');
    expect(rows(s.by_price)).toEqual({
      '0.001-0.01': '1/1/0 640.0000 10.5400 629.4600',
      '0.01-0.10': '1/1/0 20.0000 10.4300 9.5700',
      '0.10-1': '1/1/0 140.0000 5.2300 134.7700',
    });
    expect(rows(s.by_hold_time)).toEqual({
      '<1m': '1/1/0 20.0000 10.4300 9.5700',
      '30m-2h': '2/2/0 780.0000 15.7700 764.2300',
    });
    expect(s.max_drawdown).toBe('0.0000');
    expect(s.max_drawdown_start).toBeNull();
    expect(s.fees_pct_of_gross).toBe('3.2750');
  });
});

describe('every breakdown adds up to the totals of expected.json, on every fixture and currency', () => {
  const sum = (table: Record<string, Bucket>, field: 'gross' | 'fees' | 'net') =>
    Object.values(table)
      .reduce((total, b) => total.plus(b[field]), toDecimal(0))
      .toFixed(4);
  const sumOf = (trips: readonly ClosedTrade[], field: 'gross' | 'fees' | 'net') =>
    trips.reduce((total, t) => total.plus(t[field]), toDecimal(0));
  const dateOnly = (wall: string) => !wall.includes('T');
  it.each(Object.keys(expected))('%s', (file) => {
    const analysis = fixture(file);
    const { stats } = analysis;
    const totals = expected[expected[file]?.same_as ?? file]?.totals ?? expected[file]?.totals ?? {};
    expect(Object.keys(stats).sort()).toEqual(Object.keys(totals).sort());
    for (const [currency, total] of Object.entries(totals)) {
      const s = stats[currency];
      if (!s) throw new Error(`no ${currency} stats`);
      const trips = analysis.closed_trades.filter((t) => t.currency === currency);
      // What the time-of-day reports leave out, picked from the closed trades' own times: every trip
      // with a date-only end from the hours, the same-day ones from the hold times.
      const untimed = trips.filter((t) => dateOnly(t.entry) || dateOnly(t.exit));
      const leftOut = {
        by_hour: untimed,
        by_hold_time: untimed.filter((t) => t.entry.slice(0, 10) === t.exit.slice(0, 10)),
      };
      expect(s.time_unknown, currency).toEqual({
        by_hour: leftOut.by_hour.length,
        by_hold_time: leftOut.by_hold_time.length,
      });
      for (const key of [
        'by_symbol',
        'by_side',
        'by_hold_time',
        'by_size',
        'by_price',
        'by_hour',
        'by_weekday',
        'by_day',
      ] as const) {
        const table = s[key];
        const apart = key === 'by_hour' || key === 'by_hold_time' ? leftOut[key] : [];
        expect(
          Object.values(table).reduce((n, b) => n + b.trades, 0) + apart.length,
          `${currency} ${key}`,
        ).toBe(total.closed_trades);
        for (const field of ['gross', 'fees', 'net'] as const) {
          expect(
            toDecimal(sum(table, field)).plus(sumOf(apart, field)).toFixed(4),
            `${currency} ${key} ${field}`,
          ).toBe(total[field]);
        }
      }
      expect(s.equity_curve.at(-1)?.cumulative ?? '0.0000').toBe(total.net);
    }
  });
});
