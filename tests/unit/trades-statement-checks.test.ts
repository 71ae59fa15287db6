import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StatedFigures } from '../../functions/_lib/trades/executions.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import {
  checkMessage,
  checkWarnings,
  type StatementCheck,
  statementChecks,
} from '../../functions/_lib/trades/statement-checks.ts';
import { parseFile } from '../support/broker-files.ts';
import { fill, importError } from '../support/trades.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

/** A file read as the import reads it (detection, the format's parser, the matcher), with what it states. */
function readStatement(text: string) {
  const { format, parsed } = parseFile(text);
  // Read as if every plain sell from flat were of shares held before the file: the reading the checks
  // exist to catch (import-file.ts settles such sells by the stated positions before it checks).
  const match = matchRoundTrips(parsed.executions, { sellsFromFlat: () => 'held' });
  return { format, parsed, match, checks: statementChecks(parsed.stated, match) };
}

/** The fields a check is judged by, in one line each: symbol, what, stated, read, ok. */
const brief = (checks: readonly StatementCheck[]) =>
  checks.map(
    (check) => `${check.symbol} ${check.what} ${check.stated} ${check.read} ${check.ok ? 'ok' : 'DIFFERS'}`,
  );

describe('statementChecks: hand-built fills', () => {
  // A long of 1,000 @ 1.00 sold @ 1.10 with 2.00 of fees: gross 100.00, net 98.00.
  const round = [
    fill({ time: '2026-03-27T09:31:00', side: 'buy', qty: 1000, price: '1.00', symbol: 'ABCD', fees: '1' }),
    fill({ time: '2026-03-27T09:45:00', side: 'sell', qty: 1000, price: '1.10', symbol: 'ABCD', fees: '1' }),
  ];
  const realized = (amount: string, net: boolean): StatedFigures => ({
    realized: [{ account: '', symbol: 'ABCD', currency: 'USD', amount, net, label: 'P/L', line: 9 }],
  });

  it('holds a net figure to the trades’ net and a gross one to their gross, a cent either way being rounding', () => {
    const match = matchRoundTrips(round);
    expect(brief(statementChecks(realized('98', true), match))).toEqual(['ABCD realized 98.00 98.00 ok']);
    expect(brief(statementChecks(realized('100.00', false), match))).toEqual([
      'ABCD realized 100.00 100.00 ok',
    ]);
    expect(brief(statementChecks(realized('98.01', true), match))).toEqual(['ABCD realized 98.01 98.00 ok']);
    expect(brief(statementChecks(realized('97.99', true), match))).toEqual(['ABCD realized 97.99 98.00 ok']);
    expect(brief(statementChecks(realized('98.02', true), match))).toEqual([
      'ABCD realized 98.02 98.00 DIFFERS',
    ]);
    // The gross figure held to the net would be 2.00 off: the flag decides which one is read.
    expect(brief(statementChecks(realized('100', true), match))).toEqual([
      'ABCD realized 100.00 98.00 DIFFERS',
    ]);
  });

  it('counts only the stated account and currency when the file names them', () => {
    const cad = round.map((execution) =>
      fill({
        time: execution.time,
        side: execution.side,
        qty: execution.qty,
        price: execution.price,
        symbol: 'ABCD',
        currency: 'CAD',
      }),
    );
    const match = matchRoundTrips([...round, ...cad]);
    expect(brief(statementChecks(realized('98', true), match))).toEqual(['ABCD realized 98.00 98.00 ok']);
    const other: StatedFigures = {
      realized: [
        { account: 'ACC2', symbol: 'ABCD', currency: '', amount: '5', net: true, label: 'P/L', line: 3 },
      ],
    };
    // ACC2 has no fill: its 5.00 is held to 0.00.
    expect(brief(statementChecks(other, match))).toEqual(['ABCD realized 5.00 0.00 DIFFERS']);
  });

  it('passes over a zero figure and a position of a symbol the file has no fill of', () => {
    const match = matchRoundTrips(round);
    const stated: StatedFigures = {
      realized: [
        { account: '', symbol: 'WXYZ', currency: 'USD', amount: '0', net: true, label: 'P/L', line: 4 },
      ],
      positions: [{ account: '', symbol: 'WXYZ', currency: 'USD', shares: '300', line: 5 }],
    };
    expect(statementChecks(stated, match)).toEqual([]);
    expect(statementChecks(undefined, match)).toEqual([]);
  });

  it('holds positions signed, and with a complete list every symbol left out to 0', () => {
    // ABCD closed; EFGH left 500 long; IJKL shorted 200 (a short sale the file marks) and not covered.
    const match = matchRoundTrips([
      ...round,
      fill({ time: '2026-03-27T10:00:00', side: 'buy', qty: 500, price: '2', symbol: 'EFGH' }),
      fill({
        time: '2026-03-27T10:05:00',
        side: 'sell',
        qty: 200,
        price: '3',
        symbol: 'IJKL',
        intent: 'open',
      }),
    ]);
    const stated: StatedFigures = {
      positions: [{ account: 'ACC1', symbol: 'IJKL', currency: 'USD', shares: '-200', line: 12 }],
      positionsComplete: true,
    };
    const checks = statementChecks(stated, match);
    expect(brief(checks)).toEqual([
      'ABCD position 0 0 ok',
      'EFGH position 0 500 DIFFERS',
      'IJKL position -200 -200 ok',
    ]);
    expect(checks.map((check) => check.line)).toEqual([0, 0, 12]);
    expect(checkMessage(checks[1] as StatementCheck)).toBe(
      'EFGH: the statement holds 0 shares at its end, the fills leave 500 long',
    );
    expect(checkMessage(checks[2] as StatementCheck)).toBe(
      'IJKL: the statement holds 200 shares short at its end, the fills leave 200 short',
    );
    // Without `positionsComplete` a symbol the list leaves out is not known to be flat.
    expect(brief(statementChecks({ positions: stated.positions ?? [] }, match))).toEqual([
      'IJKL position -200 -200 ok',
    ]);
  });

  it('says how many shares the fills took as closing positions held before the file', () => {
    // A plain sell from flat answered "held before": a sale of shares bought before the file.
    const match = matchRoundTrips(
      [
        fill({ time: '2026-03-27T09:31:00', side: 'sell', qty: 300, price: '5', symbol: 'ABCD' }),
        fill({
          time: '2026-03-27T09:40:00',
          side: 'buy',
          qty: 100,
          price: '4',
          symbol: 'EFGH',
          intent: 'close',
        }),
      ],
      { sellsFromFlat: () => 'held' },
    );
    const stated: StatedFigures = {
      positions: [
        { account: '', symbol: 'ABCD', currency: 'USD', shares: '0', line: 20 },
        { account: '', symbol: 'EFGH', currency: 'USD', shares: '0', line: 21 },
      ],
    };
    const checks = statementChecks(stated, match);
    expect(checks.map((check) => [check.symbol, check.ok, check.heldBefore])).toEqual([
      ['ABCD', true, '300'],
      ['EFGH', true, '-100'],
    ]);
    const held = { ...(checks[0] as StatementCheck), stated: '1200', ok: false };
    expect(checkMessage(held)).toBe(
      'ABCD: the statement holds 1,200 shares at its end, the fills leave it flat; 300 shares sold were read as closing a position held before the file',
    );
    expect(checkMessage({ ...(checks[1] as StatementCheck), ok: false })).toMatch(
      /; 100 shares bought were read as covering a short held before the file$/,
    );
  });

  it('holds a file-wide total to every closed trade of its currency', () => {
    const match = matchRoundTrips([
      ...round,
      fill({ time: '2026-03-27T10:00:00', side: 'buy', qty: 100, price: '3', symbol: 'EFGH' }),
      fill({ time: '2026-03-27T10:30:00', side: 'sell', qty: 100, price: '2.5', symbol: 'EFGH' }),
    ]);
    // 98.00 − 50.00 = 48.00.
    const stated: StatedFigures = {
      realized: [
        {
          account: '',
          symbol: '',
          currency: 'USD',
          amount: '48',
          net: true,
          label: 'Gain/Loss ($)',
          line: 7,
        },
      ],
    };
    const [check] = statementChecks(stated, match);
    expect(check && brief([check])).toEqual([' realized 48.00 48.00 ok']);
    expect(checkMessage({ ...(check as StatementCheck), stated: '1016.70' })).toBe(
      "All symbols: the statement's Gain/Loss ($) total is 1,016.70, the fills add up to 48.00",
    );
  });

  it('turns only the failing checks into warnings, at their lines', () => {
    const match = matchRoundTrips(round);
    const stated: StatedFigures = {
      realized: [
        {
          account: '',
          symbol: 'ABCD',
          currency: 'USD',
          amount: '98',
          net: true,
          label: 'Realized Total',
          line: 3,
        },
      ],
      positions: [{ account: '', symbol: 'ABCD', currency: 'USD', shares: '100', line: 6 }],
    };
    expect(checkWarnings(statementChecks(stated, match))).toEqual([
      { line: 6, message: 'ABCD: the statement holds 100 shares at its end, the fills leave it flat' },
    ]);
  });
});

describe('thinkorswim Account Statement: Equities and P/L Day', () => {
  it('catches the day that opens with short sales the file does not mark (thinkorswim-papermoney.csv)', () => {
    const { parsed, checks } = readStatement(fixture('thinkorswim-papermoney.csv'));
    expect(parsed.stated).toEqual({
      positions: [{ account: 'D-55501234', symbol: 'AMD', currency: 'USD', shares: '100', line: 47 }],
      positionsComplete: true,
      realized: [
        {
          account: 'D-55501234',
          symbol: 'NVDA',
          currency: 'USD',
          amount: '99',
          net: false,
          label: 'P/L Day',
          line: 53,
        },
        {
          account: 'D-55501234',
          symbol: 'SOFI',
          currency: 'USD',
          amount: '70',
          net: false,
          label: 'P/L Day',
          line: 54,
        },
      ],
    });
    // Hand-worked (README): NVDA −291.00 − 140.00 read, 500 read as held before and 500 left long;
    // SOFI 1,000 × 0.07; AMD 100 bought and held.
    expect(brief(checks)).toEqual([
      'AMD position 100 100 ok',
      'NVDA realized 99.00 -431.00 DIFFERS',
      'NVDA position 0 500 DIFFERS',
      'SOFI realized 70.00 70.00 ok',
      'SOFI position 0 0 ok',
    ]);
    expect(checkWarnings(checks).map((warning) => warning.message)).toEqual([
      "NVDA: the statement's P/L Day is 99.00, the fills add up to -431.00 before fees; 500 shares sold were read as closing a position held before the file",
      'NVDA: the statement holds 0 shares at its end, the fills leave 500 long; 500 shares sold were read as closing a position held before the file',
    ]);
  });

  it('holds thinkorswim.csv’s P/L Day to the gross of its trades, and leaves out a symbol still open', () => {
    const { parsed, checks } = readStatement(fixture('thinkorswim.csv'));
    // ENZC's Close Value is $1,650.00: open at the end, its P/L Day would count its mark.
    expect(parsed.stated?.realized?.map((figure) => figure.symbol)).toEqual(['HMBL', 'ALPP']);
    expect(parsed.stated?.positionsComplete).toBeUndefined();
    // HMBL 1,000,000 × 0.0004 = 400.00 (fees 22.33 not in it); ALPP 2,000 × −0.008 = −16.00.
    expect(brief(checks)).toEqual([
      'ALPP realized -16.00 -16.00 ok',
      'ALPP position 0 0 ok',
      'HMBL realized 400.00 400.00 ok',
      'HMBL position 0 0 ok',
    ]);
  });

  it('takes P/L Day only from a statement of one day', () => {
    const text = fixture('thinkorswim-papermoney.csv').replace(
      'since 3/27/26 through',
      'since 3/26/26 through',
    );
    const { parsed } = readStatement(text);
    expect(parsed.stated?.realized).toBeUndefined();
    expect(parsed.stated?.positions).toHaveLength(1);
  });

  it('without an Equities section, states 0 shares for a symbol whose P&L row holds nothing', () => {
    const text = fixture('thinkorswim-papermoney.csv').replace(
      /Equities\nSymbol,Description,Qty[^\n]*\nAMD[^\n]*\n,OVERALL TOTALS[^\n]*\n\n/,
      '',
    );
    const { parsed, checks } = readStatement(text);
    expect(parsed.stated?.positions?.map((position) => [position.symbol, position.shares])).toEqual([
      ['NVDA', '0'],
      ['SOFI', '0'],
    ]);
    expect(parsed.stated?.positionsComplete).toBeUndefined();
    expect(brief(checks).filter((line) => line.includes('position'))).toEqual([
      'NVDA position 0 500 DIFFERS',
      'SOFI position 0 0 ok',
    ]);
  });

  it('leaves out P/L Day of a symbol with option rows that day (one figure for both)', () => {
    const text = fixture('thinkorswim.csv').replace(
      ',3/20/26 15:40:00,STOCK,BUY,+1500000,TO OPEN,ENZC,,,STOCK,0.0011,0.0011,LMT',
      ',3/20/26 15:40:00,STOCK,BUY,+1500000,TO OPEN,ENZC,,,STOCK,0.0011,0.0011,LMT\n,3/20/26 15:45:00,SINGLE,BUY,+1,TO OPEN,HMBL,17 APR 26,1,CALL,.05,.05,LMT',
    );
    const { parsed } = readStatement(text);
    expect(parsed.stated?.realized?.map((figure) => figure.symbol)).toEqual(['ALPP']);
  });
});

describe('IBKR Activity Statement: Performance Summary and Open Positions', () => {
  it('holds the reading to ibkr-statement-positions.csv’s own figures', () => {
    const { parsed, checks } = readStatement(fixture('ibkr-statement-positions.csv'));
    // Stocks only; WEED's base-currency figure is not held to its CAD fills; Summary rows, not lots.
    expect(parsed.stated?.realized?.map((figure) => [figure.symbol, figure.amount, figure.net])).toEqual([
      ['AITX', '589.36', true],
      ['ALPP', '56', true],
      ['SNDL', '48.2', true],
      ['TSNP', '0', true],
    ]);
    expect(
      parsed.stated?.positions?.map((position) => [position.symbol, position.shares, position.line]),
    ).toEqual([
      ['SNDL', '1500', 25],
      ['TSNP', '200000', 27],
    ]);
    expect(parsed.stated?.positionsComplete).toBe(true);
    expect(brief(checks)).toEqual([
      'AITX realized 589.36 589.36 ok',
      'AITX position 0 0 ok',
      'ALPP realized 56.00 56.00 ok',
      'ALPP position 0 0 ok',
      'SNDL realized 48.20 0.00 DIFFERS',
      'SNDL position 1500 0 DIFFERS',
      'TSNP realized 0.00 0.00 ok',
      'TSNP position 200000 200000 ok',
      'WEED position 0 0 ok',
    ]);
    expect(checks.find((check) => check.symbol === 'SNDL')?.heldBefore).toBe('500');
  });

  it('reads the older Long/Short Open Positions sections the same way', () => {
    const text = fixture('ibkr-statement-positions.csv').replaceAll(
      'Open Positions,',
      'Long Open Positions,',
    );
    const { checks } = readStatement(text);
    expect(brief(checks)).toEqual(brief(readStatement(fixture('ibkr-statement-positions.csv')).checks));
  });

  it('states no realised figure when the statement does not name its base currency', () => {
    const text = fixture('ibkr-statement-positions.csv').replace(
      'Account Information,Data,Base Currency,USD\n',
      '',
    );
    const { parsed } = readStatement(text);
    expect(parsed.stated?.realized).toBeUndefined();
    expect(parsed.stated?.positions).toHaveLength(2);
  });

  it('states nothing for a statement without these sections (ibkr-statement.csv)', () => {
    expect(readStatement(fixture('ibkr-statement.csv')).parsed.stated).toBeUndefined();
  });

  it('refuses a statement without a Trades section, naming what it holds', () => {
    const error = importError(() => analyzeFile(fixture('refused/ibkr-statement-no-trades.csv')));
    expect(error.message).toBe(
      'this Activity Statement has no Trades section, only Account Information, Cash Report and Open Positions: nothing was read; run the Activity Statement with its Trades section (the Default statement has it)',
    );
  });

  it('refuses a statement whose Trades section lists no trade', () => {
    const text = fixture('ibkr-statement.csv')
      .split('\n')
      .filter((line) => !/^Trades,(?:Data|SubTotal|Total),/.test(line))
      .join('\n');
    expect(importError(() => analyzeFile(text)).message).toMatch(
      /^this Activity Statement's Trades section lists no trade \(besides it, the file holds Account Information, Net Asset Value and Fees\): nothing was read/,
    );
  });
});

describe('Schwab Realized Gain/Loss: the Total row and the per-share layout', () => {
  const withoutOption = () =>
    fixture('schwab-realized.csv')
      .split('\n')
      .filter((line) => !line.startsWith('"SPY '))
      .join('\n')
      // The Total less the option lot: proceeds 11,717.11 − 309.34, cost 10,700.41 − 215.66, gain 1,016.70 − 93.68.
      .replace('"$11,717.11","$10,700.41","$1,016.70"', '"$11,407.77","$10,484.75","$923.02"');

  it('holds the lots read to the file’s Total (377.67 + 30.10 + 587.84 + 141.31 − 213.90 = 923.02)', () => {
    const { parsed, checks } = readStatement(withoutOption());
    expect(parsed.stated).toEqual({
      realized: [
        {
          account: '',
          symbol: '',
          currency: 'USD',
          amount: '923.02',
          net: true,
          label: 'Gain/Loss ($)',
          line: 8,
        },
      ],
    });
    expect(brief(checks)).toEqual([' realized 923.02 923.02 ok']);
  });

  it('shows a lot that could not be read as the difference from the Total', () => {
    const text = withoutOption().replace('"$2,793.05","$3,006.95"', '"n/a","$3,006.95"');
    const { parsed, checks } = readStatement(text);
    expect(parsed.rejected.map((row) => row.line)).toEqual([7]);
    // Without SNDL's −213.90: 923.02 + 213.90 = 1,136.92.
    expect(checkWarnings(checks).map((warning) => warning.message)).toEqual([
      "All symbols: the statement's Gain/Loss ($) total is 923.02, the fills add up to 1,136.92",
    ]);
  });

  it('states no total for a file with an option lot, which the import does not read', () => {
    expect(readStatement(fixture('schwab-realized.csv')).parsed.stated).toBeUndefined();
  });

  it('reads the per-share layout at per share × quantity, to the same gains as its Gain/Loss ($)', () => {
    const { format, match } = readStatement(fixture('schwab-realized-per-share.csv'));
    expect(format).toBe('schwab-realized');
    expect(match.closed_trades.map((trade) => [trade.symbol, trade.side, trade.cost, trade.gross])).toEqual([
      ['SNDL', 'long', '2840.0000', '180.0000'],
      ['ALPP', 'long', '1007.1000', '30.0000'],
      ['TLRY', 'short', '2700.0000', '150.0000'],
    ]);
  });
});
