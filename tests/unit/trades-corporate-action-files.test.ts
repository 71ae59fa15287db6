import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { parseFile } from '../support/broker-files.ts';

// Files that report splits and symbol changes (tests/fixtures/brokers/actions/, sources in the
// fixtures' README), read by the real parsers and matched with the actions they report. The
// expected figures are worked out by hand in expected.json; `without_actions` is what the same
// fills give when the actions are left out (what members saw before).

const DIR = new URL('../fixtures/brokers/actions/', import.meta.url);
const EXPECTED = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as Record<string, Expected>;

interface Expected {
  format: string;
  actions: Record<string, unknown>[];
  outcomes: Record<string, unknown>[];
  closed_trades: Record<string, unknown>[];
  open_positions: Record<string, unknown>[];
  opened_before: Record<string, unknown>[];
  rejected_lines: number[];
  warning_lines?: number[];
  without_actions: { closed_trades: Record<string, unknown>[]; opened_before: Record<string, unknown>[] };
}

/** A file read as the import reads it: detected, split into rows, parsed by its format. */
const parse = parseFile;

const read = (file: string) => readFileSync(new URL(file, DIR), 'utf8');
const like = (rows: Record<string, unknown>[]) => rows.map((row) => expect.objectContaining(row));

describe.each(Object.entries(EXPECTED))('%s', (file, want) => {
  const { format, parsed } = parse(read(file));

  it('lists the actions the file reports, not as rejected rows', () => {
    expect(format).toBe(want.format);
    expect(parsed.actions).toEqual(like(want.actions));
    expect(parsed.rejected.map((r) => r.line)).toEqual(want.rejected_lines);
    if (want.warning_lines) expect(parsed.warnings.map((w) => w.line)).toEqual(want.warning_lines);
  });

  it('matches its fills with them into the round trips worked out by hand', () => {
    const result = matchRoundTrips(parsed.executions, { actions: parsed.actions ?? [] });
    expect(result.actions).toEqual(like(want.outcomes));
    expect(result.closed_trades).toEqual(like(want.closed_trades));
    expect(result.open_positions).toEqual(like(want.open_positions));
    expect(result.opened_before).toEqual(like(want.opened_before));
    expect(result.unresolved).toEqual([]);
  });

  it('would leave them wrong without them', () => {
    const result = matchRoundTrips(parsed.executions);
    expect(result.closed_trades).toEqual(like(want.without_actions.closed_trades));
    expect(result.opened_before).toEqual(like(want.without_actions.opened_before));
  });

  it('is read by the import with its actions applied: the round trips worked out by hand', () => {
    const analysis = analyzeFile(read(file));
    expect(analysis.executions).toEqual(parsed.executions);
    expect(analysis.rejected.map((r) => r.line)).toEqual(want.rejected_lines);
    expect(analysis.actions).toEqual(like(want.actions));
    expect(analysis.action_outcomes).toEqual(like(want.outcomes));
    expect(analysis.closed_trades).toEqual(like(want.closed_trades));
    expect(analysis.open_positions).toEqual(like(want.open_positions));
    expect(analysis.opened_before).toEqual(like(want.opened_before));
  });
});

describe('Schwab action rows that do not pair', () => {
  const header = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
  const buy = '"03/02/2026","Buy","TNXP","TONIX PHARMA HLDGS","10,000","$0.052","","-$520.00"';

  it('lists a reverse split row without its other row as not imported, saying what to do', () => {
    const { parsed } = parse(
      [header, '"03/10/2026","Reverse Split","TNXP","TONIX PHARMA HLDGS","312","","",""', buy].join('\n'),
    );
    expect(parsed.actions).toEqual([]);
    expect(parsed.rejected).toEqual([
      {
        line: 2,
        reason:
          'reverse split without its other row (the shares removed) in this file: enter it on the Trades page',
      },
    ]);
  });

  it('lists a name change whose old ticker the file never shows as not imported, naming the security', () => {
    const { parsed } = parse(
      [
        header,
        '"03/16/2026","Name Change","NEWH","NEWHYDROGEN INC","50,000","","",""',
        '"03/16/2026","Name Change","09070K200","BIOSOLAR INC XXXNAME CHANGE EFF: 03/16/26","-50,000","","",""',
        buy,
      ].join('\n'),
    );
    expect(parsed.actions).toEqual([]);
    expect(parsed.rejected).toEqual([
      {
        line: 3,
        reason:
          'name change to NEWH: this file does not show the old symbol of BIOSOLAR INC (09070K200); if you held it, enter the change on the Trades page',
      },
    ]);
  });

  it('pairs two reverse splits of one day by the security’s name, even cut short', () => {
    const { parsed } = parse(
      [
        header,
        '"05/18/2026","Reverse Split","PPCB","PROPANC BIOPHARMA INC","587","","",""',
        '"05/18/2026","Reverse Split","TNXP","TONIX PHARMA HLDGS","312","","",""',
        '"05/18/2026","Reverse Split","890260961","TONIX PHARMA HLDGS XXXREVERSE SPLIT EFF: 05/18/26","-10,000","","",""',
        '"05/18/2026","Reverse Split","74346N701","PROPANCXXXREVERSE SPLIT EFF: 05/18/26","-14,684","","",""',
        buy,
      ].join('\n'),
    );
    expect(parsed.actions).toEqual([
      expect.objectContaining({ kind: 'split', symbol: 'PPCB', sharesDelta: '-14097' }),
      expect.objectContaining({ kind: 'split', symbol: 'TNXP', sharesDelta: '-9688' }),
    ]);
    expect(parsed.rejected).toEqual([]);
  });

  it('reads a reverse split that also changed the ticker as a rename, then the split', () => {
    const { parsed } = parse(
      [
        header,
        '"03/10/2026","Reverse Split","TNXPD","TONIX PHARMA HLDGS","312","","",""',
        '"03/10/2026","Reverse Split","890260961","TONIX PHARMA HLDGS XXXREVERSE SPLIT EFF: 03/10/26","-10,000","","",""',
        buy,
      ].join('\n'),
    );
    expect(parsed.actions).toEqual([
      expect.objectContaining({ kind: 'rename', symbol: 'TNXP', toSymbol: 'TNXPD' }),
      expect.objectContaining({ kind: 'split', symbol: 'TNXPD', sharesDelta: '-9688' }),
    ]);
    const { open_positions } = matchRoundTrips(parsed.executions, { actions: parsed.actions ?? [] });
    // 520.00 of cost over 312 shares: 1.6666… a share, 20 decimals.
    expect(open_positions).toEqual([
      expect.objectContaining({ symbol: 'TNXPD', shares: '312', avg_price: '1.66666666666666666667' }),
    ]);
  });
});

describe('a Robinhood SPL row', () => {
  it('is refused as a row when its quantity is no number of shares', () => {
    const text = [
      '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"',
      '"6/10/2024","6/10/2024","6/10/2024","NVDA","NVIDIA","SPL","","",""',
      '"6/3/2024","6/3/2024","6/4/2024","NVDA","NVIDIA","Buy","2","$1,150.00","($2,300.00)"',
    ].join('\n');
    const { parsed } = parse(text);
    expect(parsed.actions).toBeUndefined();
    expect(parsed.rejected).toEqual([{ line: 2, reason: 'SPL: Quantity "" is not a number of shares' }]);
  });
});
