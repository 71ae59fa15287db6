import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportedExecution } from '../../functions/_lib/contract/trades.ts';
import { readFlexXml, scanTags } from '../../functions/_lib/trades/brokers/ibkr-xml.ts';
import { detectBroker } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { previewOf } from '../../member-app/trades/import/to-api.ts';
import { importError } from '../support/trades.ts';

/** IBKR Flex Query: the XML report, and the CSV whose side is only the sign of Quantity. */
const DIR = new URL('../fixtures/brokers/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

const report = (trades: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<FlexQueryResponse queryName="q" type="AF">
<FlexStatements count="1">
<FlexStatement accountId="U1" fromDate="20260720" toDate="20260720">
<Trades>
${trades}
</Trades>
</FlexStatement>
</FlexStatements>
</FlexQueryResponse>
`;

const BUY =
  '<Trade accountId="U1" currency="USD" assetCategory="STK" symbol="SNDL" tradeID="1" ibOrderID="10" dateTime="20260720;093105" quantity="100" tradePrice="1.5" ibCommission="-1" buySell="BUY" openCloseIndicator="O" levelOfDetail="EXECUTION" />';
const SELL =
  '<Trade accountId="U1" currency="USD" assetCategory="STK" symbol="SNDL" tradeID="2" ibOrderID="11" dateTime="20260720;100000" quantity="-100" tradePrice="1.6" ibCommission="-1" buySell="SELL" openCloseIndicator="C" levelOfDetail="EXECUTION" />';

const read = (text: string, timeZone = 'America/New_York') => readFlexXml(text, { timeZone });

/** The same element with its attributes in the reverse order. */
function reversedAttributes(element: string): string {
  const attributes = element.match(/\w+="[^"]*"/g) ?? [];
  return `<Trade ${attributes.reverse().join(' ')} />`;
}

describe('IBKR Flex Query XML', () => {
  it('reads a report as the fixture analysis says, with the fingerprints of the same fills in CSV', () => {
    const xml = analyzeFile(fixture('ibkr-xml.xml'));
    const csv = analyzeFile(fixture('ibkr-signed.csv'));
    expect(xml.broker).toBe('ibkr-xml');
    expect(detectBroker(fixture('ibkr-xml.xml'))).toBe('ibkr-xml');
    expect(xml.executions.map((e) => e.fingerprint)).toEqual(csv.executions.map((e) => e.fingerprint));
    expect(xml.rejected).toEqual([
      {
        line: 15,
        reason: 'SNDL  260417C00002000 OPT: an option, not imported (options are not supported yet)',
        instrument: 'option',
      },
      { line: 17, reason: 'currency exchange (AssetClass CASH), not a stock trade' },
      { line: 18, reason: 'BUY (Ca.): a cancelled fill' },
    ]);
  });

  it('converts to executions the API accepts, and the import dialog offers .xml files', () => {
    const preview = previewOf(analyzeFile(fixture('ibkr-xml.xml')), 'Interactive Brokers Flex Query (XML)');
    expect(preview.executions).toHaveLength(6);
    for (const execution of preview.executions) expect(ImportedExecution.parse(execution)).toEqual(execution);
    const dialog = readFileSync(
      new URL('../../member-app/trades/import/ImportDialog.tsx', import.meta.url),
      'utf8',
    );
    expect(dialog).toMatch(/accept="[^"]*\.xml/);
  });

  it.each([
    ['attributes in file order', BUY],
    ['attributes reversed', reversedAttributes(BUY)],
    ['single quotes', BUY.replaceAll('"', "'")],
    ['spread over lines', BUY.replaceAll(' ', '\n    ')],
    ['compact date', BUY],
    ['date with comma', BUY.replace('20260720;093105', '2026-07-20, 09:31:05')],
    [
      'tradeDate and tradeTime',
      BUY.replace('dateTime="20260720;093105"', 'tradeDate="20260720" tradeTime="093105"'),
    ],
    ['dateTime beside tradeTime', BUY.replace('dateTime=', 'tradeTime="093105" dateTime=')],
  ])('reads one <Trade>: %s', (_name, element) => {
    const [execution] = read(report(element)).executions;
    expect(execution).toMatchObject({
      broker: 'ibkr',
      account: 'U1',
      time: '2026-07-20T09:31:05',
      symbol: 'SNDL',
      side: 'buy',
      intent: 'open',
      qty: '100',
      price: '1.5',
      fees: '1',
      orderId: '10',
      execId: '1',
      line: 6,
    });
  });

  it('reads a Trade Confirmation report’s <TradeConfirm> (price, commission and its parts, code)', () => {
    const confirm =
      '<TradeConfirm accountId="U1" currency="USD" assetCategory="STK" symbol="SNDL" tradeID="1" orderID="10" dateTime="20260720;093105" buySell="BUY" quantity="100" price="1.5" commission="" brokerExecutionCommission="-0.7" brokerClearingCommission="-0.3" code="O;P" levelOfDetail="EXECUTION" />';
    const text = report(confirm).replaceAll('Trades>', 'TradeConfirms>');
    expect(read(text).executions[0]).toMatchObject({
      side: 'buy',
      intent: 'open',
      price: '1.5',
      fees: '1',
      orderId: '10',
    });
  });

  it('takes the side from the sign of quantity when buySell is left out, and the account from the statement', () => {
    const element = SELL.replace(' buySell="SELL"', '').replace(' accountId="U1"', '');
    expect(read(report(element)).executions[0]).toMatchObject({ side: 'sell', account: 'U1', qty: '100' });
  });

  it('reads the times in the member’s zone', () => {
    const york = read(report(BUY)).executions[0]?.epochMs ?? 0;
    const london = read(report(BUY), 'Europe/London').executions[0]?.epochMs ?? 0;
    expect(york - london).toBe(5 * 3600_000);
  });

  it('decodes entities and keeps > and the other quote inside values', () => {
    const tags: { name: string; names: string[]; values: string[] }[] = [];
    scanTags(
      `<a x="A &amp; B &lt;C&gt; &quot;q&quot; &apos;s&apos; &#65;&#x42; &nbsp;" y='say "hi" > 2' z = "1"/>`,
      (tag) => tags.push(tag),
    );
    expect(tags[0]?.names).toEqual(['x', 'y', 'z']);
    expect(tags[0]?.values).toEqual(['A & B <C> "q" \'s\' AB &nbsp;', 'say "hi" > 2', '1']);
    const amp = BUY.replace('symbol="SNDL"', 'symbol="SNDL" description="S &amp; P &gt; 1"');
    expect(read(report(amp)).executions).toHaveLength(1);
  });

  it('passes over comments, CDATA and elements that are not executions', () => {
    const text = report(
      `<!-- <Trade symbol="NOPE"/> --><![CDATA[<Trade symbol="NOPE"/>]]><Order symbol="SNDL" quantity="100" levelOfDetail="ORDER"/>${BUY}<Lot symbol="SNDL"/>`,
    );
    const result = read(text);
    expect(result.executions.map((e) => e.symbol)).toEqual(['SNDL']);
    expect(result.rejected).toEqual([]);
  });

  it.each([
    [
      'OPT',
      { reason: 'SNDL OPT: an option, not imported (options are not supported yet)', instrument: 'option' },
    ],
    [
      'FUT',
      { reason: 'SNDL FUT: a future, not imported (futures are not supported yet)', instrument: 'future' },
    ],
    ['CASH', { reason: 'currency exchange (AssetClass CASH), not a stock trade' }],
  ])('rejects a %s trade with its reason and line', (asset, why) => {
    const other = SELL.replace('assetCategory="STK"', `assetCategory="${asset}"`);
    const result = analyzeFile(report(`${BUY}\n${other}`));
    expect(result.rejected).toEqual([{ line: 7, ...why }]);
    expect(result.open_positions).toHaveLength(1);
  });

  it('rejects a summary row and a cancelled fill, and refuses a report whose every trade is rejected', () => {
    const summary = SELL.replace('EXECUTION', 'SYMBOL_SUMMARY');
    const cancelled = SELL.replace('buySell="SELL"', 'buySell="SELL (Ca.)"');
    expect(read(report(`${summary}\n${cancelled}`)).rejected).toEqual([
      { line: 6, reason: 'SYMBOL_SUMMARY summary row, not an execution' },
      { line: 7, reason: 'SELL (Ca.): a cancelled fill' },
    ]);
    const error = importError(() => analyzeFile(report(SELL.replace('"STK"', '"OPT"'))));
    expect(error.message).toMatch(/no trade could be read/);
  });

  it.each([
    [
      'an HTML page',
      '<!DOCTYPE html><html><body>Log in</body></html>',
      /expected an Interactive Brokers Flex Query report.*found <html>/,
    ],
    [
      'another XML file',
      '<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>',
      /Flex Query report.*found <rss>/,
    ],
    [
      'a Flex Web Service reply',
      '<FlexStatementResponse timestamp="x"><Status>Warn</Status><ErrorCode>1019</ErrorCode><ErrorMessage>Statement generation in progress. Please try again shortly.</ErrorMessage></FlexStatementResponse>',
      /Flex Web Service reply, not a report \("Statement generation in progress/,
    ],
    [
      'a report without trades',
      report('').replace('<Trades>\n\n</Trades>', '<OpenPositions/>'),
      /no <Trade> elements/,
    ],
    ['a tag never closed', report('<Trade symbol="SNDL" quantity="100'), /line 6: broken XML/],
    ['a value without quotes', report('<Trade symbol=SNDL />'), /line 6: broken XML: the value of symbol/],
  ])('refuses %s with a clear message, saving nothing', (_name, text, message) => {
    expect(importError(() => analyzeFile(text)).message).toMatch(message);
  });

  it('reads a 50 MB report in one linear pass', () => {
    const clock = (i: number) => {
      const second = 36_000 + i * 5;
      return [second / 3600, (second / 60) % 60, second % 60]
        .map((n) => String(Math.floor(n)).padStart(2, '0'))
        .join('');
    };
    const trades = Array.from({ length: 200 }, (_, i) =>
      (i % 2 ? SELL : BUY).replace(/tradeID="\d+"/, `tradeID="${i}"`).replace(/;\d{6}/, `;${clock(i)}`),
    ).join('\n');
    // Every statement section a real report carries around its trades, here padding to 50 MB.
    const filler = `<CashTransaction accountId="U1" description="${'x'.repeat(200)}" amount="1" />\n`.repeat(
      200_000,
    );
    const text = report(`${filler}${trades}`);
    expect(text.length).toBeGreaterThan(50_000_000);
    const started = performance.now();
    const result = analyzeFile(text);
    const ms = performance.now() - started;
    expect(result.executions).toHaveLength(200);
    expect(result.closed_trades).toHaveLength(100);
    expect(ms).toBeLessThan(20_000);
  });

  it('fails fast on 10 MB of tags that never close, or of one unterminated value', () => {
    const open = `<FlexQueryResponse><Trade x="${'<Trade y="'.repeat(1_000_000)}`;
    expect(importError(() => analyzeFile(open)).message).toMatch(/broken XML/);
    const line = `<FlexQueryResponse>${'<a b="1">'.repeat(1_000_000)}<Trade`;
    expect(importError(() => analyzeFile(line)).message).toMatch(/broken XML: <Trade> is never closed/);
  });
});

describe('IBKR Flex Query CSV without Buy/Sell', () => {
  it('reads the side from the sign of Quantity and open/close from Code, else Open/CloseIndicator', () => {
    const result = analyzeFile(fixture('ibkr-signed.csv'));
    expect(result.broker).toBe('ibkr');
    expect(result.executions.map((e) => [e.symbol, e.side, e.intent])).toEqual([
      ['SNDL', 'sell', 'open'],
      ['HMBL', 'buy', 'open'],
      ['HMBL', 'buy', 'open'],
      ['SNDL', 'buy', 'close'],
      ['HMBL', 'sell', 'close'],
      ['ENZC', 'buy', 'open'],
    ]);
  });

  it('needs a Flex-only column to be recognised without Buy/Sell', () => {
    expect(detectBroker(['Symbol', 'DateTime', 'Quantity', 'TradePrice'])).toBeNull();
    expect(detectBroker(['ClientAccountID', 'Symbol', 'DateTime', 'Quantity', 'TradePrice'])).toBe('ibkr');
  });

  it('rejects a zero quantity when there is no side to read', () => {
    const text =
      'ClientAccountID,AssetClass,Symbol,DateTime,Quantity,TradePrice\nU1,STK,SNDL,20260720;093105,100,1.5\nU1,STK,SNDL,20260720;093106,0,1.5\n';
    expect(analyzeFile(text).rejected).toEqual([{ line: 3, reason: 'Quantity "0" is zero' }]);
  });
});
