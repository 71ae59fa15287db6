import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBroker } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { expectedResults } from '../support/broker-files.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);
/** The fixtures' expected results (tests/support/broker-files.ts). */
const expected = expectedResults<Expected>(DIR);

interface Expected {
  /** The trade date a date-less export (DAS) is read with. */
  date_given?: string;
  /** A dirty copy of another fixture: the same results. */
  same_as?: string;
  closed_trades: Record<string, unknown>[];
  totals: Record<string, unknown>;
  open_positions: Record<string, unknown>[];
  /** Lines of the rows not imported (cancelled, not a trade), each listed with its reason. */
  rejected_lines?: number[];
}

/**
 * The fields expected.json names; the analysis may carry more (account, average prices). Shares are
 * exact decimal text in the analysis and JSON numbers in expected.json (`2000000`, `2.5`): compared as
 * the text the number prints.
 */
function pick(actual: object, like: Record<string, unknown>): Record<string, unknown> {
  const fields = actual as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(like).map((key) => [
      key,
      key === 'shares' && typeof like[key] === 'number' ? Number(fields[key]) : fields[key],
    ]),
  );
}

const BROKERS: Record<string, string> = {
  'das.csv': 'das',
  'tradezero.csv': 'tradezero',
  'webull.csv': 'webull',
  'webull-price.csv': 'webull',
  'webull-bs.csv': 'webull',
  'ibkr.csv': 'ibkr',
  'thinkorswim.csv': 'thinkorswim',
  'lightspeed.csv': 'lightspeed',
  'schwab.csv': 'schwab',
  'ibkr-signed.csv': 'ibkr',
  'thinkorswim-cash.csv': 'thinkorswim',
  'thinkorswim-trades.csv': 'thinkorswim',
  'thinkorswim-papermoney.csv': 'thinkorswim',
  'ibkr-statement-positions.csv': 'ibkr-statement',
  'schwab-realized-per-share.csv': 'schwab-realized',
};

/** The format a fixture is read as: its own name, or the one it is a dirty copy of. */
function formatOf(file: string): string {
  const base = expected[file]?.same_as ?? file;
  return BROKERS[base] ?? base.replace(/\.(?:csv|xml)$/, '');
}

/** Every fixture read as `npm run trades:parse` reads it (analyzeFile), with the date DAS lacks. */
function analyzeFixture(file: string, text = readFileSync(new URL(file, DIR), 'utf8')) {
  const date =
    file === 'das.csv' || expected[file]?.same_as === 'das.csv' ? '2026-03-16' : expected[file]?.date_given;
  return analyzeFile(text, date ? { date } : {});
}

describe('broker fixtures → expected.json', () => {
  it('has a fixture for every expected file and the other way round', () => {
    const csvs = readdirSync(DIR).filter((name) => /\.(?:csv|xml)$/.test(name));
    expect(csvs.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.keys(expected))('%s', (file) => {
    const text = readFileSync(new URL(file, DIR), 'utf8');
    const want = expected[file] as Expected;
    const result = analyzeFixture(file, text);
    expect(result.broker).toBe(formatOf(file));
    expect(detectBroker(text)).toBe(formatOf(file));
    expect(result.rejected.map((row) => row.line)).toEqual(want.rejected_lines ?? []);
    expect(result.closed_trades.map((trade, i) => pick(trade, want.closed_trades[i] ?? {}))).toEqual(
      want.closed_trades,
    );
    expect(result.totals).toEqual(want.totals);
    expect(result.open_positions.map((position, i) => pick(position, want.open_positions[i] ?? {}))).toEqual(
      want.open_positions,
    );
    for (const execution of result.executions) {
      expect(execution.symbol).toBe(execution.symbol.toUpperCase());
      expect(execution.qty).toMatch(/^\d+(\.\d+)?$/);
      expect(typeof execution.price).toBe('string');
    }
    expect(new Set(result.executions.map((e) => e.fingerprint)).size).toBe(result.executions.length);
  });

  it('keeps Webull’s 5-decimal order average exactly', () => {
    const result = analyzeFile(readFileSync(new URL('webull.csv', DIR), 'utf8'));
    expect(result.executions.map((e) => e.price)).toContain('0.00435');
    expect(result.executions).toHaveLength(5); // two Cancelled rows skipped
  });

  it('counts a TradeZero ECN Add rebate as a negative fee', () => {
    const result = analyzeFile(readFileSync(new URL('tradezero.csv', DIR), 'utf8'));
    const sell = result.executions.find((e) => e.symbol === 'AITX' && e.side === 'sell');
    expect(sell?.fees).toBe('9.19'); // 0.99 + 0.19 + 8.30 + 0.05 − 0.34
  });

  it('lists Schwab transfers and interest as not imported, with their reason', () => {
    const result = analyzeFile(readFileSync(new URL('schwab.csv', DIR), 'utf8'));
    expect(result.executions).toHaveLength(7);
    expect(result.rejected).toEqual([
      { line: 6, reason: 'not a trade: MoneyLink Transfer' },
      { line: 10, reason: 'not a trade: Bank Interest' },
    ]);
  });

  it('gives the same fingerprints on a second import of the same file', () => {
    const text = readFileSync(new URL('ibkr.csv', DIR), 'utf8');
    const first = analyzeFile(text).executions.map((e) => e.fingerprint);
    expect(analyzeFile(text).executions.map((e) => e.fingerprint)).toEqual(first);
  });
});
