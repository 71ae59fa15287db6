import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ibkr } from '../../functions/_lib/trades/brokers/ibkr.ts';
import { detectBroker } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

describe('Tiger Brokers trade history', () => {
  it('fits an IBKR Flex query too, but is read as tiger: Comm/Fee/Tax and the time of day kept', () => {
    const text = fixture('tiger.csv');
    const header = (text.split('\n')[0] ?? '').split(',');
    expect(detectBroker(text)).toBe('tiger');
    // What the file lost when IBKR read it: no fees (net 0.59) and dates without a time.
    const asIbkr = ibkr.parse(
      text
        .trim()
        .split('\n')
        .map((line, i) => ({ line: i + 1, cells: line.split(',') })),
      { timeZone: 'America/New_York' },
    );
    expect(asIbkr.executions.map((e) => [e.time, e.fees])[0]).toEqual(['2026-07-21', '0']);
    expect(header).toContain('Comm/Fee/Tax');
    const result = analyzeFile(text);
    expect(result.totals.USD?.net).toBe('0.5700');
    expect(result.executions.map((e) => e.time)).toEqual([
      '2026-07-21T09:41:08',
      '2026-07-21T10:02:44',
      '2026-07-21T11:15:20',
    ]);
  });

  it('leaves an IBKR Flex query to ibkr', () => {
    expect(detectBroker(fixture('ibkr.csv'))).toBe('ibkr');
    expect(detectBroker(fixture('ibkr-statement.csv'))).toBe('ibkr-statement');
  });

  it('reads the statement names: Activity Type, Trade Time with its zone, every charge column', () => {
    const text = [
      'Symbol,Activity Type,Quantity,Trade Price,Amount,Commission,Platform Fee,GST,Realized P/L,Trade Time,Currency',
      'TLRY,OpenShort,-300,5.20,1560.00,-0.99,-1.00,-0.20,0.00,"2026-07-21 09:31:02, US/Eastern",USD',
      'TLRY,CloseShort,300,5.10,-1530.00,-0.99,-1.00,-0.20,25.62,"2026-07-21 09:58:40, US/Eastern",USD',
    ].join('\n');
    expect(detectBroker(text)).toBe('tiger');
    const result = analyzeFile(text, { timeZone: 'Asia/Singapore' });
    expect(result.closed_trades.map((t) => [t.side, t.shares, t.gross, t.fees, t.net, t.entry])).toEqual([
      ['short', '300', '30.0000', '4.3800', '25.6200', '2026-07-21T09:31:02'],
    ]);
    expect(new Date(result.executions[0]?.epochMs ?? 0).toISOString()).toBe('2026-07-21T13:31:02.000Z');
  });
});

describe('Webull layouts', () => {
  it.each([
    ['webull.csv', 'webull'],
    ['webull-price.csv', 'webull'],
    ['webull-bs.csv', 'webull'],
    ['webull-intl.csv', 'webull-intl'],
  ])('%s is %s', (file, id) => {
    expect(detectBroker(fixture(file))).toBe(id);
  });

  it('reads the orders export without Avg Price from its @ Price', () => {
    const result = analyzeFile(fixture('webull-price.csv'));
    expect(result.executions.map((e) => e.price)).toEqual(['0.312', '0.339', '1.52']);
  });

  it('reads B/S times with their offset, whatever the file zone', () => {
    const result = analyzeFile(fixture('webull-bs.csv'), { timeZone: 'Europe/Berlin' });
    expect(result.executions[0]?.time).toBe('2026-07-20T08:03:06');
    expect(new Date(result.executions[0]?.epochMs ?? 0).toISOString()).toBe('2026-07-20T12:03:06.000Z');
    expect(result.executions.slice(0, 2).map((e) => [e.side, e.intent])).toEqual([
      ['sell', 'open'],
      ['buy', 'close'],
    ]);
  });

  it('counts the B/S layout fee columns and a USD $ price', () => {
    const text = [
      'Symbol,B/S,Side Type,Filled Qty,Filled Avg Price,Filled Time,Commission,Platform Fee,GST',
      'SNDL,Buy,Long,1000,USD $1.5000,"2026/07/20 21:35:12,GMT+8",0.00,1.00,0.07',
      'SNDL,Sell,Long,1000,USD $1.5600,"2026/07/21 02:10:45,GMT+8",-0.00,-1.00,-0.07',
    ].join('\n');
    expect(detectBroker(text)).toBe('webull');
    const result = analyzeFile(text);
    expect(result.totals.USD).toMatchObject({ gross: '60.0000', fees: '2.1400', net: '57.8600' });
  });

  it('reads the international statement: ticker from Symbol & Name, day-first dates, GMT+08 times', () => {
    const result = analyzeFile(fixture('webull-intl.csv'));
    expect(result.executions.map((e) => [e.symbol, e.fees, new Date(e.epochMs).toISOString()])).toEqual([
      ['SNDL', '1.07', '2026-07-20T13:35:12.000Z'],
      ['SNDL', '1.14', '2026-07-20T18:10:45.000Z'],
      ['AITX', '1.35', '2026-07-21T14:05:03.000Z'],
    ]);
  });
});

describe('Tiger activity statement, Trades section', () => {
  const statement = [
    'Activity Statement,,,,"2026-07-01 - 2026-07-31"',
    'Account Overview,,,HEADER,,Cash,Stock,Total',
    'Account Overview,,,DATA,End Of The Period,1000.00,500.00,1500.00',
    'Trades,,,,Symbol,Activity Type,Quantity,Trade Price,Amount,Commission,Platform Fee,GST,Realized P/L,Trade Time,Currency',
    'Trades,Stock,,DATA,TILRAY BRANDS INC (TLRY),Open,300,5.10,-1530.00,-0.99,-1.00,-0.20,0.00,"2026-07-21\n09:31:02, US/Eastern",USD',
    'Trades,Stock,,DATA,TILRAY BRANDS INC (TLRY),Close,-300,5.20,1560.00,-0.99,-1.00,-0.20,25.62,"2026-07-21\n09:58:40, US/Eastern",USD',
    'Trades,Stock,,DATA,SUNDIAL GROWERS INC (SNDL),Open,-1000,1.60,1600.00,-0.99,-1.00,-0.20,0.00,"2026-07-22\n10:05:00, US/Eastern",USD',
    'Trades,Stock,,TOTAL,,,,,,-2.97,-3.00,-0.60,25.62,,',
    'Trades,Option,,DATA,PayPal (PYPL 20261219 CALL 70.0),Open,1,2.10,-210.00,-0.99,-1.00,-0.20,0.00,"2026-07-22\n10:30:00, US/Eastern",USD',
    'Holdings,Stock,,DATA,SUNDIAL GROWERS INC (SNDL),-1000,1,1.60,1.58,-1580.00,20.00,,,USD',
  ].join('\n');

  it('reads the stock rows: ticker in brackets, Open/Close with the signed quantity, zone in Trade Time', () => {
    expect(detectBroker(statement)).toBe('tiger');
    const result = analyzeFile(statement, { timeZone: 'Australia/Sydney' });
    expect(
      result.closed_trades.map((t) => [t.symbol, t.side, t.shares, t.gross, t.fees, t.net, t.entry]),
    ).toEqual([['TLRY', 'long', '300', '30.0000', '4.3800', '25.6200', '2026-07-21T09:31:02']]);
    expect(result.open_positions.map((p) => [p.symbol, p.side, p.shares])).toEqual([
      ['SNDL', 'short', '1000'],
    ]);
    expect(new Date(result.executions[0]?.epochMs ?? 0).toISOString()).toBe('2026-07-21T13:31:02.000Z');
    // The option is listed as not imported; totals and other sections are passed over.
    expect(result.rejected).toEqual([
      { line: 12, instrument: 'option', reason: expect.stringContaining('an option, not imported') },
    ]);
  });
});
