import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportedExecution } from '../../functions/_lib/contract/trades.ts';
import { BROKER_FORMATS } from '../../functions/_lib/trades/brokers/index.ts';
import { makeExecution } from '../../functions/_lib/trades/executions.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { IMPORT_BATCH } from '../../functions/_lib/trades/rules.ts';
import {
  type AnalyzeRequest,
  analyzeRequest,
  type WorkerMessage,
} from '../../member-app/trades/import/analyze-request.ts';
import { batches, previewOf, toImportedExecution } from '../../member-app/trades/import/to-api.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/brokers/${name}`, import.meta.url), 'utf8');

const base = makeExecution({
  broker: 'tradezero',
  account: 'TZP1',
  currency: 'USD',
  time: '2026-03-17T09:35:02',
  epochMs: Date.UTC(2026, 2, 17, 13, 35, 2),
  symbol: 'AITX',
  side: 'buy',
  intent: 'open',
  qty: '400000',
  price: '0.0061',
  fees: '1.13',
  orderId: null,
  execId: null,
  line: 2,
});

describe('import: executions for the API', () => {
  it('sends the instant in ms and the exact decimals, without the fields the server works out', () => {
    expect(toImportedExecution(base)).toEqual({
      broker: 'tradezero',
      account: 'TZP1',
      time: Date.UTC(2026, 2, 17, 13, 35, 2),
      symbol: 'AITX',
      side: 'buy',
      intent: 'open',
      qty: '400000',
      price: '0.0061',
      fees: '1.13',
      currency: 'USD',
      orderId: null,
      execId: null,
    });
  });

  it('sends the occurrence of identical rows as analyzeFile made it, never read off the fingerprint', () => {
    expect(toImportedExecution(base).occurrence).toBeUndefined();
    const third = { ...base, occurrence: 3, fingerprint: `${base.fingerprint}#3` };
    expect(toImportedExecution(third).occurrence).toBe(3);
    // An exec id that ends like a suffix is part of the fingerprint, not an occurrence.
    expect(toImportedExecution(makeExecution({ ...base, execId: 'E#2' })).occurrence).toBeUndefined();
  });

  it('sends an empty account as null', () => {
    expect(toImportedExecution(makeExecution({ ...base, account: '' })).account).toBeNull();
  });

  it('numbers two identical rows of one file 1 and 2', () => {
    const header = fixture('tradezero.csv').split('\n')[0];
    const row =
      'TZP20931,03/17/2026,03/18/2026,USD,2,B,AITX,400000,0.0061,09:35:02,0.99,0,0,0.02,0,0.12,0,-2440.00,-2441.13,VIRTU,1,';
    const { executions } = analyzeFile(`${header}\n${row}\n${row}\n`);
    expect(executions.map(toImportedExecution).map((e) => e.occurrence)).toEqual([undefined, 2]);
  });
});

describe('import: batches', () => {
  it('cuts into slices of at most 1000, in order', () => {
    const items = Array.from({ length: 2_345 }, (_, i) => i);
    const cut = batches(items);
    expect(IMPORT_BATCH).toBe(1000);
    expect(cut.map((b) => b.length)).toEqual([1000, 1000, 345]);
    expect(cut.flat()).toEqual(items);
    expect(batches([], 1000)).toEqual([]);
    expect(batches([1, 2, 3], 3)).toEqual([[1, 2, 3]]);
    expect(() => batches([1], 0)).toThrow(RangeError);
  });
});

describe('import: preview of a broker file', () => {
  it('summarises the TradeZero fixture and every execution passes the API schema', () => {
    const analysis = analyzeFile(fixture('tradezero.csv'), { timeZone: 'America/New_York' });
    const preview = previewOf(analysis, 'TradeZero');
    expect(preview.broker).toBe('tradezero');
    expect(preview.brokerLabel).toBe('TradeZero');
    expect(preview.executions).toHaveLength(analysis.executions.length);
    expect(preview.rows).toBe(analysis.executions.length + analysis.rejected.length);
    expect(preview.closedTrades).toBe(analysis.closed_trades.length);
    expect(preview.openPositions).toBe(analysis.open_positions.length);
    expect(preview.from).toBe('2026-03-17');
    expect(preview.to).toBe('2026-03-17');
    for (const execution of preview.executions) expect(ImportedExecution.parse(execution)).toEqual(execution);
  });

  it('every fixture converts to executions the API accepts', () => {
    for (const name of [
      'das.csv',
      'webull.csv',
      'ibkr.csv',
      'thinkorswim.csv',
      'lightspeed.csv',
      'schwab.csv',
    ]) {
      const analysis = analyzeFile(fixture(name), { date: '2026-03-17' });
      const preview = previewOf(analysis, name);
      expect(preview.executions.length, name).toBeGreaterThan(0);
      for (const execution of preview.executions) ImportedExecution.parse(execution);
    }
  });

  it('refuses a file with a header and no rows: nothing to import is said, not shown as empty', () => {
    const header = fixture('tradezero.csv').split('\n')[0];
    expect(() => analyzeFile(`${header}\n`)).toThrow(
      'line 1: no trade in this file: TradeZero found, but it has no trade rows',
    );
  });
});

describe('import: what the worker answers', () => {
  const answers = (request: AnalyzeRequest) => {
    const messages: WorkerMessage[] = [];
    analyzeRequest(request, (message) => messages.push(message));
    return messages;
  };
  const last = (messages: WorkerMessage[]) => messages[messages.length - 1];

  it('tells its stages, then the preview', () => {
    const messages = answers({ text: fixture('tradezero.csv'), timeZone: 'America/New_York' });
    expect(
      messages.filter((m) => m.type === 'progress').map((m) => m.type === 'progress' && m.stage),
    ).toEqual(['detecting', 'parsing', 'preparing']);
    const result = last(messages);
    expect(result?.type === 'result' && result.preview).toMatchObject({
      brokerLabel: 'TradeZero',
      closedTrades: 3,
    });
  });

  it('decodes the bytes it is given (UTF-8, or UTF-16 with its mark) before reading them', () => {
    const text = fixture('tradezero.csv');
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]).buffer;
    for (const bytes of [Uint8Array.from(Buffer.from(text, 'utf8')).buffer, utf16]) {
      const result = last(answers({ bytes, timeZone: 'America/New_York' }));
      expect(result?.type === 'result' && result.preview.closedTrades).toBe(3);
    }
  });

  it('names the supported formats for a file it does not know', () => {
    expect(last(answers({ text: 'Foo,Bar\n1,2\n', timeZone: 'UTC' }))).toEqual({
      type: 'error',
      line: 1,
      message: "This file's format is not recognised.",
      needsDate: false,
      supported: BROKER_FORMATS.map((format) => format.label),
    });
  });

  it('asks about a plain sale with nothing held, once per account and symbol, counting it nowhere', () => {
    const text =
      'Date,Time,Symbol,Quantity,Price,Side\n07/01/2026,10:00:00,ABCD,500,0.012,S\n07/01/2026,10:05:00,ABCD,300,0.010,B\n';
    const result = last(answers({ text, timeZone: 'America/New_York' }));
    expect(result?.type === 'result' && result.preview).toMatchObject({
      closedTrades: 0,
      openPositions: 0,
      openedBefore: [],
      unresolved: [{ symbol: 'ABCD', account: '', shares: '500', value: '6.0000', line: 2, waiting: 2 }],
      totals: {},
    });
  });

  it('counts the closes of positions opened before the file apart, and says each with its line', () => {
    const text =
      'Date,Time,Symbol,Quantity,Price,Side\n07/01/2026,10:00:00,ABCD,500,0.012,S\n07/01/2026,10:05:00,ABCD,300,0.010,B\n';
    const result = last(answers({ text, timeZone: 'America/New_York', sellsFromFlat: { 'ABCD@': 'held' } }));
    expect(result?.type === 'result' && result.preview).toMatchObject({
      closedTrades: 0,
      openPositions: 1,
      openedBefore: [expect.objectContaining({ side: 'long', shares: '500', value: '6.0000', line: 2 })],
      totals: {},
      warnings: [
        {
          line: 2,
          message:
            'a sale of 500 ABCD bought before this file: not counted in P&L or statistics until its opening is known (import the earlier file)',
        },
      ],
    });
  });

  it('says a file whose every row is rejected holds no trade, naming the first lines', () => {
    const header =
      'Name,Symbol,Side,Status,Filled,Total Qty,Price,Avg Price,Time-in-Force,Placed Time,Filled Time';
    const row = 'TESORO,TSNP,Buy,Filled,5,5,@0.02,n/a,DAY,03/18/2026 14:58:10 EDT,03/18/2026 14:58:12 EDT';
    expect(last(answers({ text: `${header}\n${row}\n`, timeZone: 'America/New_York' }))).toEqual({
      type: 'error',
      line: 0,
      message:
        'no trade could be read from this file: its 1 row was rejected (line 2: Avg Price "n/a" is not a positive price)',
      needsDate: false,
      supported: null,
    });
  });

  it('offers the columns of an unknown file to map, with a first guess, then reads it mapped', () => {
    // `Direction` is no side column the generic layout knows (`Side`, `Action`, `Buy/Sell` are).
    const text =
      'Date,Ticker,Direction,Qty,Price,Commission\n2026-07-01 10:00,ABCD,BUY,100,0.0042,0.5\n2026-07-01 10:30,ABCD,SELL,100,0.0051,0.5\n';
    const unmapped = last(answers({ text, timeZone: 'America/New_York' }));
    expect(unmapped).toMatchObject({
      type: 'unmapped',
      header: ['Date', 'Ticker', 'Direction', 'Qty', 'Price', 'Commission'],
      sample: [
        ['2026-07-01 10:00', 'ABCD', 'BUY', '100', '0.0042', '0.5'],
        ['2026-07-01 10:30', 'ABCD', 'SELL', '100', '0.0051', '0.5'],
      ],
      guess: {
        date: 'Date',
        symbol: 'Ticker',
        side: 'Direction',
        quantity: 'Qty',
        price: 'Price',
        fees: ['Commission'],
      },
    });
    if (unmapped?.type !== 'unmapped') throw new Error('expected a mapping offer');
    const result = last(answers({ text, timeZone: 'America/New_York', mapping: unmapped.guess }));
    expect(result?.type === 'result' && result.preview).toMatchObject({
      broker: 'custom',
      brokerLabel: 'Your column mapping',
      closedTrades: 1,
      rows: 2,
    });
  });

  it('asks for the trade date of a DAS export, and reads it once given', () => {
    const text = fixture('das.csv');
    expect(last(answers({ text, timeZone: 'America/New_York' }))).toMatchObject({
      type: 'error',
      line: 0,
      needsDate: true,
      message: expect.stringContaining('enter the trade date'),
    });
    const result = last(answers({ text, timeZone: 'America/New_York', date: '2026-03-17' }));
    expect(result?.type === 'result' && result.preview.from).toBe('2026-03-17');
  });

  it("passes on the importer's line and message for a broken file", () => {
    // The quote is left open past the lines detection reads, so the format is known and the file broken.
    const text = `${fixture('tradezero.csv').trimEnd()}\n"TZP1,03/17/2026\n`;
    const answer = last(answers({ text, timeZone: 'America/New_York' }));
    expect(answer).toMatchObject({ type: 'error', needsDate: false, supported: null });
    expect(answer?.type === 'error' && answer.line).toBeGreaterThan(0);
    expect(last(answers({ text: fixture('tradezero.csv'), timeZone: 'Mars/Base' }))).toMatchObject({
      type: 'error',
      line: 0,
      message: expect.stringContaining('unknown time zone'),
    });
  });
});
