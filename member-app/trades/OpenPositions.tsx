import type { OpenPosition } from '../../functions/_lib/trades/round-trips.ts';
import { wallText } from './closed-trades-view.ts';
import { exactMoney, formatAmount, formatMoney } from './format.ts';

/** Positions not yet flat, with what their partial exits realised so far. */
export function OpenPositions({ positions }: { positions: readonly OpenPosition[] }) {
  if (positions.length === 0) return null;
  return (
    <div className="trade-table-wrap open-positions">
      <table className="trade-table" aria-label="Open positions">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Side</th>
            <th scope="col">Shares</th>
            <th scope="col">Avg cost</th>
            <th scope="col">Realized so far</th>
            <th scope="col">Fees so far</th>
            <th scope="col">Opened</th>
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => (
            <tr key={`${p.account}|${p.currency}|${p.symbol}`}>
              <th scope="row">{p.symbol}</th>
              <td>{p.side === 'long' ? 'Long' : 'Short'}</td>
              <td className="num">{formatAmount(String(p.shares))}</td>
              <td className="num">{p.avg_price}</td>
              <td className="num" title={exactMoney(p.realized_so_far, p.currency)}>
                {formatMoney(p.realized_so_far, p.currency)}
              </td>
              <td className="num" title={exactMoney(p.fees_so_far, p.currency)}>
                {formatMoney(p.fees_so_far, p.currency, { sign: false })}
              </td>
              <td>{wallText(p.opened)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
