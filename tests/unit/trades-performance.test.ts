import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { syntheticTradeZeroFile } from '../../scripts/local/synthetic-trades.ts';

/**
 * Smoke test, not a timed assertion (CI machines vary): 50,000 TradeZero rows parsed, matched and
 * summarised. The budget is under 2 s; the time is printed so a regression is visible in the log.
 */
const ROWS = 50_000;
describe('performance smoke', () => {
  const text = syntheticTradeZeroFile(ROWS);
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
