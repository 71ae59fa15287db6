import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

/**
 * Smoke test, not a timed assertion (CI machines vary): 50,000 TradeZero rows parsed, matched and
 * summarised. The budget is under 2 s; the time is printed so a regression is visible in the log.
 */
const ROWS = 50_000;
const HEADER =
  'Account,T/D,S/D,Currency,Type,Side,Symbol,Qty,Price,Exec Time,Comm,SEC,TAF,NSCC,Nasdaq,ECN Remove,ECN Add,Gross Proceeds,Net Proceeds,Clr Broker,Liq,Note';
const SYMBOLS = ['HMBL', 'AITX', 'ENZC', 'ALPP', 'TSNP', 'SNPW', 'DPLS', 'ILUS'];

function syntheticFile(): string {
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) {
    const trip = Math.floor(i / 2);
    const symbol = SYMBOLS[trip % SYMBOLS.length];
    const second = Math.floor(i / 2) % 86_400;
    const clock = [Math.floor(second / 3600), Math.floor(second / 60) % 60, second % 60]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
    const side = i % 2 === 0 ? 'B' : 'S';
    const price = `0.00${40 + (i % 7)}`;
    const day = String(1 + (Math.floor(trip / 4000) % 28)).padStart(2, '0');
    lines.push(
      `TZP1,03/${day}/2026,03/${day}/2026,USD,2,${side},${symbol},100000,${price},${clock},0.99,0.01,0,0.02,0,0.1,-0.05,,,VIRTU,1,`,
    );
  }
  return lines.join('\n');
}

describe('performance smoke', () => {
  const text = syntheticFile();
  const started = performance.now();
  const result = analyzeFile(text);
  const ms = Math.round(performance.now() - started);
  console.info(`trades: ${ROWS} executions parsed, matched and summarised in ${ms} ms`);

  it(`parses, matches and summarises ${ROWS} executions (${ms} ms; budget 2000 ms)`, () => {
    expect(result.executions).toHaveLength(ROWS);
    expect(result.rejected).toEqual([]);
    expect(result.closed_trades.length + result.open_positions.length).toBeGreaterThan(0);
    expect(Object.values(result.stats)[0]?.count).toBe(result.closed_trades.length);
  });
});
