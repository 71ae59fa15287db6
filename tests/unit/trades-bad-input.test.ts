import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detect } from '../../functions/_lib/trades/brokers/index.ts';
import { decodeText } from '../../functions/_lib/trades/brokers/table.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { importError } from '../support/trades.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

describe('files that are not what they seem', () => {
  it('refuses a binary file, naming the line', () => {
    const error = importError(() => analyzeFile('PK\u0003\u0004\u0000\u0000binary'));
    expect(error.line).toBe(1);
    expect(error.message).toMatch(/not a text file/);
  });

  it('refuses random text as an unknown format', () => {
    const noise = Array.from({ length: 300 }, (_, i) => `${(i * 7919) % 1000} lorem ${i}`).join('\n');
    expect(importError(() => analyzeFile(noise)).message).toMatch(/unknown file format/);
  });

  it('names the line and the missing required columns of a header that nearly fits', () => {
    const text =
      'Exported trades\n\nTime,Symbol,Price,Qty,Route,LiqType,ECNFee\n09:30:01,ABCD,1,100,ARCA,,0\n';
    const error = importError(() => analyzeFile(text, { date: '2026-03-16' }));
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/no supported header; closest (?:is|are) .*DAS Trader \(missing Side\)/);
  });

  it('lists every bad row of a file with one good row in 10,000, by line', () => {
    const good = '2026-03-26,09:31:00,AITX,500000,0.0060,Buy';
    const bad = Array.from(
      { length: 9_999 },
      (_, i) => `2026-03-26,09:31:00,AITX,500000,${i % 2 ? 'n/a' : '-1'},Buy`,
    );
    const text = ['Date,Time,Symbol,Quantity,Price,Side', ...bad, good].join('\n');
    const result = analyzeFile(text);
    expect(result.executions).toHaveLength(1);
    expect(result.executions[0]?.line).toBe(10_001);
    expect(result.rejected).toHaveLength(9_999);
    expect(result.rejected[0]).toEqual({ line: 2, reason: 'Price "-1" is not a positive price' });
    expect(result.rejected[1]).toEqual({ line: 3, reason: 'Price "n/a" is not a number' });
  });

  it('reads the DAS trades window with hidden and reordered columns (no Cloid)', () => {
    const text =
      'Time,Symbol,Side,Price,Qty,Route,Account,LiqType,ECNFee,P / L,\n09:31:05,HMBL,B,0.0040,1000000,ARCA,TR1,,0.2,0,\n10:02:40,HMBL,S,0.0046,1000000,ARCA,TR1,,0.2,600,\n';
    expect(detect(text).found?.format.id).toBe('das');
    const result = analyzeFile(text, { date: '2026-03-16' });
    expect(result.closed_trades[0]).toMatchObject({ gross: '600.0000', fees: '0.4000', net: '599.6000' });
  });

  it('reads a DAS layout that carries its own date without asking for one', () => {
    const text =
      'Date,Time,Symbol,Side,Price,Qty,Route,Cloid\n03/16/2026,09:31:05,HMBL,B,0.004,1000,ARCA,1\n03/16/2026,09:40:00,HMBL,S,0.005,1000,ARCA,2\n';
    expect(analyzeFile(text).closed_trades[0]).toMatchObject({
      entry: '2026-03-16T09:31:05',
      gross: '1.0000',
    });
  });

  it('finds a header 150 lines into a statement', () => {
    const preamble = Array.from({ length: 150 }, (_, i) => `Notes,Data,"line ${i}, with a comma"`).join('\n');
    const text = `${preamble}\n${fixture('tradervue.csv')}`;
    expect(detect(text).found).toMatchObject({ headerLine: 151 });
    expect(analyzeFile(text).closed_trades).toHaveLength(2);
  });
});

describe('encodings', () => {
  it('reads a UTF-16 file with its byte-order mark like its UTF-8 twin', () => {
    const text = fixture('moomoo.csv');
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    expect(decodeText(utf16)).toBe(text);
    expect(analyzeFile(decodeText(utf16)).totals).toEqual(analyzeFile(text).totals);
    expect(decodeText(new Uint8Array(Buffer.from(text, 'utf8')))).toBe(text);
  });
});

describe('an IBKR Activity Statement', () => {
  it('warns when the statement’s own Realized P/L does not match the fills', () => {
    const text = fixture('ibkr-statement.csv').replace(',589.36,200,C', ',580.00,200,C');
    const result = analyzeFile(text);
    expect(result.totals.USD?.net).toBe('589.3600');
    expect(result.warnings).toEqual([
      {
        line: 19,
        message:
          "AITX trade closed 2026-03-26T10:44:07: the statement's Realized P/L adds up to 580.0000, the fills to 589.3600",
      },
      // The Forex sub-table's conversion is counted apart, as every row of another instrument is.
      { line: 25, message: '1 cash row not imported: cash entries are not trades (line 25)' },
    ]);
  });

  it('reads execution rows when the statement lists them, never their order row, subtotal or total', () => {
    const text = fixture('ibkr-statement.csv').replace(
      'Trades,Data,Order,Stocks,USD,AITX,"2026-03-26, 09:35:12","1,000,000",0.0061,0.0065,-6100,-5.3,6105.3,0,400,O',
      [
        'Trades,Data,Order,Stocks,USD,AITX,"2026-03-26, 09:35:12","1,000,000",0.0061,0.0065,-6100,-5.3,6105.3,0,400,O',
        'Trades,Data,Execution,Stocks,USD,AITX,"2026-03-26, 09:35:12","600,000",0.0061,0.0065,-3660,-3.18,3663.18,0,240,O;P',
        'Trades,Data,Execution,Stocks,USD,AITX,"2026-03-26, 09:35:13","400,000",0.0061,0.0065,-2440,-2.12,2442.12,0,160,O',
      ].join('\n'),
    );
    const result = analyzeFile(text);
    // Once executions are listed, order rows are their sums: only the AITX fills are read.
    expect(result.executions.map((e) => [e.symbol, e.qty])).toEqual([
      ['AITX', '600000'],
      ['AITX', '400000'],
    ]);
  });
});
