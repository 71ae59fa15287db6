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
