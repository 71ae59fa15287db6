// A file with dates only (Schwab, Fidelity, E*TRADE…) stays date-only from the import call to the
// page: its executions are sent and stored as such, read back as `YYYY-MM-DD`, listed and reported
// without a made-up time of day, whatever zone the member reads trades in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ImportedExecution, Trade } from '../../functions/_lib/contract/index.ts';
import { dateOnlyDay } from '../../functions/_lib/trades/date-only.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats } from '../../functions/_lib/trades/stats.ts';
import { tradeToExecution } from '../../functions/_lib/trades/stored-trades.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import { timeUnknownNote } from '../../member-app/trades/Breakdowns.tsx';
import { heldText } from '../../member-app/trades/closed-trades-view.ts';
import { formatMarketTime } from '../../member-app/trades/format.ts';
import { toImportedExecution } from '../../member-app/trades/import/to-api.ts';
import { tradesToExecutions, tradeTime } from '../../member-app/trades/market-executions.ts';
import { setTradeTimeZone } from '../../member-app/trades/time-zone.ts';
import { formValues } from '../../member-app/trades/trade-form-values.ts';
import { filterTrades, NO_FILTERS } from '../../member-app/trades/trip-filters.ts';
import { tradeRecord } from '../support/trade-record.ts';

const NY = 'America/New_York';
const DIR = new URL('../fixtures/brokers/', import.meta.url);
const read = (file: string, date?: string) =>
  analyzeFile(readFileSync(new URL(file, DIR), 'utf8'), date ? { date } : {});

/** A date-only execution as the server stores it: the day's midnight in the file's zone. */
const dateOnlyTrade = (day: string, fields: Partial<Trade> = {}, zone = NY): Trade =>
  tradeRecord({ time: zonedTimeToEpoch(day, zone) ?? 0, dateOnly: true, source: 'schwab', ...fields });

/** What the import call stores for one sent execution (functions/_lib/trade-store/import.ts). */
const stored = (e: ImportedExecution, index: number): Trade =>
  tradeRecord({
    trade_id: `trade_${String(index).padStart(16, '0')}`,
    symbol: e.symbol,
    tradeType: e.side,
    shares: String(e.qty),
    buyPrice: e.side === 'buy' ? e.price : null,
    sellPrice: e.side === 'sell' ? e.price : null,
    fees: e.fees,
    time: e.time,
    source: e.broker,
    account: e.account ?? null,
    intent: e.intent ?? null,
    currency: e.currency ?? 'USD',
    ...(e.dateOnly ? { dateOnly: true } : {}),
  });

/** Runs `check` with the member's trade-time zone set to `zone`, then market time again. */
function inZone(zone: string, check: () => void) {
  setTradeTimeZone(zone);
  try {
    check();
  } finally {
    setTradeTimeZone(NY);
  }
}

describe('the import call says which executions have no time of day', () => {
  it('marks every execution of a dates-only file, and none of a timed one', () => {
    const schwab = read('schwab.csv').executions.map(toImportedExecution);
    expect(schwab).toHaveLength(7); // its transfer and interest rows are not trades
    expect(schwab.every((e) => e.dateOnly === true)).toBe(true);
    const das = read('das.csv', '2026-03-16').executions.map(toImportedExecution);
    expect(das.length).toBeGreaterThan(0);
    expect(das.some((e) => 'dateOnly' in e)).toBe(false);
  });

  it('sends the instant the reader gave, the day’s midnight in the file’s zone', () => {
    const [first] = read('schwab.csv').executions;
    expect(first?.time).toBe('2026-03-24');
    expect(first && toImportedExecution(first).time).toBe(Date.UTC(2026, 2, 24, 4)); // 00:00 EDT
  });
});

describe('a stored date-only trade’s day', () => {
  // Every zone the import dialog offers, in winter and in summer (daylight-saving time either way).
  const zones = [
    NY,
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'America/Toronto',
    'Europe/London',
    'Europe/Berlin',
    'Asia/Singapore',
    'Asia/Tokyo',
    'Australia/Sydney',
    'UTC',
  ];
  it.each(zones)('is the date the file printed, for a file read in %s', (zone) => {
    for (const day of ['2026-01-15', '2026-03-08', '2026-07-01', '2026-11-01', '2026-12-31']) {
      expect(dateOnlyDay(zonedTimeToEpoch(day, zone) ?? 0)).toBe(day);
    }
  });

  it('comes back to the matcher as `YYYY-MM-DD`, whatever wall clock the reader passes', () => {
    const trade = dateOnlyTrade('2026-03-24');
    const losAngeles = (ms: number) => new Date(ms - 7 * 3_600_000).toISOString().slice(0, 19);
    expect(tradeToExecution(trade, 0).time).toBe('2026-03-24');
    expect(tradeToExecution(trade, 0, losAngeles).time).toBe('2026-03-24');
    // Without the flag the same instant is a time: 04:00 UTC, 21:00 the day before in Los Angeles.
    const timed = { ...trade, dateOnly: undefined };
    expect(tradeToExecution(timed, 0).time).toBe('2026-03-24T04:00:00');
    expect(tradeToExecution(timed, 0, losAngeles).time).toBe('2026-03-23T21:00:00');
  });
});

describe('the page’s statistics over a stored dates-only file', () => {
  const trades = read('schwab.csv').executions.map(toImportedExecution).map(stored);
  // The file read directly is the second source: its own reading has dates alone.
  const direct = read('schwab.csv').stats.USD;

  it.each([NY, 'America/Los_Angeles', 'Asia/Tokyo'])(
    'reads the same days in %s, no hour, no seconds',
    (zone) => {
      inZone(zone, () => {
        const { closed_trades } = matchRoundTrips(tradesToExecutions(trades));
        const trips = closed_trades.map((t) => [t.symbol, t.entry, t.exit, heldText(t)]);
        expect(trips.sort()).toEqual([
          ['ALPP', '2026-03-25', '2026-03-25', 'same day'],
          ['ENZC', '2026-03-24', '2026-03-25', '1 day'],
          ['HMBL', '2026-03-24', '2026-03-24', 'same day'],
        ]);
        const stats = computeStats(closed_trades);
        expect(stats.by_hour).toEqual({});
        expect(stats.time_unknown).toEqual({ by_hour: 3, by_hold_time: 2 });
        expect(stats.by_day).toEqual(direct?.by_day);
        expect(stats.by_weekday).toEqual(direct?.by_weekday);
        expect(stats.by_hold_time).toEqual(direct?.by_hold_time);
        expect(stats.net).toBe('-172.3300'); // the fixtures README: 300 − 500 + 45 − 17.33 of fees
      });
    },
  );
});

describe('listing a date-only execution', () => {
  const schwab = dateOnlyTrade('2026-03-24');

  it('shows its date alone, never 12:00:00 AM, in every zone', () => {
    for (const zone of [NY, 'America/Los_Angeles', 'Asia/Tokyo']) {
      inZone(zone, () => expect(tradeTime(schwab)).toEqual({ text: '3/24/26', dateTime: '2026-03-24' }));
    }
    const typed = tradeRecord({ time: Date.UTC(2026, 2, 24, 14, 30) });
    expect(tradeTime(typed)).toEqual({
      text: formatMarketTime(typed.time),
      dateTime: '2026-03-24T14:30:00.000Z',
    });
    expect(tradeTime(typed).text).toBe('3/24/26, 10:30:00 AM EDT');
  });

  it('files it under its own day in the executions filter, in Los Angeles too', () => {
    inZone('America/Los_Angeles', () => {
      const on = (day: string) => filterTrades([schwab], { ...NO_FILTERS, from: day, to: day }).length;
      expect(on('2026-03-24')).toBe(1);
      expect(on('2026-03-23')).toBe(0);
    });
  });

  it('opens in the trade form with its date and an empty time', () => {
    inZone('America/Los_Angeles', () => {
      expect(formValues(schwab)).toMatchObject({ date: '2026-03-24', time: '' });
    });
  });
});

describe('the breakdowns’ note on trips without a time of day', () => {
  it.each([
    [0, null],
    [1, '1 trade without a time of day is not counted here'],
    [3, '3 trades without a time of day are not counted here'],
    [1200, '1,200 trades without a time of day are not counted here'],
  ])('%i → %s', (count, note) => {
    expect(timeUnknownNote(count)).toBe(note);
  });
});
