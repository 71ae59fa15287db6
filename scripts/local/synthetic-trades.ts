/**
 * A synthetic TradeZero export of `rows` executions (round trips of 100,000 shares over eight OTC
 * symbols, sub-penny prices, fees and a rebate on every row): the performance smoke test and the
 * bench parse the same file.
 */
const HEADER =
  'Account,T/D,S/D,Currency,Type,Side,Symbol,Qty,Price,Exec Time,Comm,SEC,TAF,NSCC,Nasdaq,ECN Remove,ECN Add,Gross Proceeds,Net Proceeds,Clr Broker,Liq,Note';
const SYMBOLS = ['HMBL', 'AITX', 'ENZC', 'ALPP', 'TSNP', 'SNPW', 'DPLS', 'ILUS'];

export function syntheticTradeZeroFile(rows: number): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
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

/** `i`-th row's symbol, price and side for the other synthetic exports: round trips of 100,000 shares. */
function fill(i: number) {
  const trip = Math.floor(i / 2);
  return {
    trip,
    symbol: SYMBOLS[trip % SYMBOLS.length] ?? 'HMBL',
    buy: i % 2 === 0,
    price: `0.00${40 + (i % 7)}`,
    day: 1 + (Math.floor(trip / 4000) % 28),
  };
}

/**
 * A Fidelity Accounts History of `rows` trades: blank lines before the header, sides only in the
 * Action sentence, dates only, newest first, the disclaimer footer.
 */
export function syntheticFidelityFile(rows: number): string {
  const lines = [
    '',
    'Run Date,Action,Symbol,Description,Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Cash Balance ($),Settlement Date',
  ];
  const body: string[] = [];
  for (let i = 0; i < rows; i++) {
    const { symbol, buy, price, day } = fill(i);
    const date = `03/${String(day).padStart(2, '0')}/2026`;
    const action = buy ? 'YOU BOUGHT' : 'YOU SOLD';
    body.push(
      `${date}, ${action} ${symbol} INC COM (${symbol}) (Margin), ${symbol}, ${symbol} INC COM,Margin,${buy ? '' : '-'}100000,${price},,${buy ? '' : '0.01'},,0,,${date}`,
    );
  }
  return [
    ...lines,
    ...body.reverse(),
    '',
    '"The data and information in this spreadsheet is provided to you solely for your use."',
    '"Date downloaded 03/31/2026 10:28 am"',
  ].join('\n');
}

/** An IBKR Activity Statement of `rows` orders: a preamble of sections, then the Trades section with subtotals. */
export function syntheticIbkrStatementFile(rows: number): string {
  const lines = [
    'Statement,Header,Field Name,Field Value',
    'Statement,Data,Title,Activity Statement',
    ...Array.from({ length: 40 }, (_, i) => `Net Asset Value,Data,Asset ${i},0,0,0,0,0`),
    'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code',
  ];
  for (let i = 0; i < rows; i++) {
    const { trip, symbol, buy, price, day } = fill(i);
    const second = trip % 86_400;
    const clock = [Math.floor(second / 3600), Math.floor(second / 60) % 60, second % 60]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
    lines.push(
      `Trades,Data,Order,Stocks,USD,${symbol},"2026-03-${String(day).padStart(2, '0')}, ${clock}",${buy ? '' : '-'}100000,${price},${price},0,-1,0,,0,${buy ? 'O' : 'C'}`,
    );
    if (i % 100 === 99) lines.push(`Trades,SubTotal,,Stocks,USD,${symbol},,0,,,0,-100,0,0,0,`);
  }
  lines.push('Trades,Total,,Stocks,USD,,,,,,0,0,0,0,0,');
  return lines.join('\n');
}

/** 200 lines of statement preamble before a header: what detection must look through. */
export function syntheticPreambleFile(): string {
  const preamble = Array.from({ length: 199 }, (_, i) => `Notes,Data,"note ${i}, with a comma",${i}`);
  return [
    ...preamble,
    'Date,Time,Symbol,Quantity,Price,Side',
    '2026-03-26,09:31:00,AITX,500000,0.006,Buy',
  ].join('\n');
}
