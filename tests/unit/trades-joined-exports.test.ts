import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

/**
 * Two TradeZero exports joined into one file, one of them with a column more that no format reads
 * (a later export, or one from another layout of the platform). Every row of both must be read: the
 * results are tradezero.csv's, worked by hand in tests/fixtures/brokers/README.md (3 closed trades,
 * gross 800.0000, fees 26.2000, net 773.8000; HMBL 1,500,000 still open).
 */
const lines = readFileSync(new URL('../fixtures/brokers/tradezero.csv', import.meta.url), 'utf8')
  .trim()
  .split('\n');
const withMemo = (line: string, i: number) => `${i === 0 ? 'Memo' : 'desk note'},${line}`;
const [header = '', ...rows] = lines;
const first = [header, ...rows.slice(0, 4)];
const second = [header, ...rows.slice(4)];
const README_TOTALS = {
  USD: { closed_trades: 3, wins: 3, losses: 0, gross: '800.0000', fees: '26.2000', net: '773.8000' },
};

describe('exports joined in one file, one of them with an unknown column', () => {
  it('reads the rows above a later header that fits better (the first export has the column more)', () => {
    const text = [...first.map(withMemo), '', ...second].join('\n');
    const result = analyzeFile(text);
    expect(result.executions).toHaveLength(9);
    expect(result.rejected).toEqual([]);
    expect(result.totals).toEqual(README_TOTALS);
    expect(result.warnings).toContainEqual({ line: 7, message: 'header repeated (files joined): read on' });
  });

  it('finds the repeated header of the second export though its first column is unknown', () => {
    const text = [...first, '', ...second.map(withMemo)].join('\n');
    const result = analyzeFile(text);
    expect(result.rejected).toEqual([]);
    expect(result.executions).toHaveLength(9);
    expect(result.totals).toEqual(README_TOTALS);
    expect(result.warnings).toContainEqual({ line: 7, message: 'header repeated (files joined): read on' });
    expect(result.open_positions.map((p) => [p.symbol, p.shares, p.avg_price])).toEqual([
      ['HMBL', '1500000', '0.0044'],
    ]);
  });
});
