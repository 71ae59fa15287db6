import { Link } from '@tanstack/react-router';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { exactMoney, formatAmount, formatMoney } from './format.ts';
import { tradeTime } from './market-executions.ts';

/** One execution of the executions table: its symbol opens the journal on it. */
export function ExecutionRow({
  trade,
  onEdit,
  onDelete,
}: {
  trade: Trade;
  onEdit: (trade: Trade) => void;
  onDelete: (trade: Trade) => void;
}) {
  const result = trade.sellProfit === '+' ? '+' : trade.sellProfit === '-' ? '−' : '';
  const when = tradeTime(trade);
  return (
    <tr>
      <th scope="row">
        <Link to="/journal" search={{ symbol: trade.symbol }}>
          {trade.symbol}
        </Link>
      </th>
      <td>{trade.tradeType === 'buy' ? 'Buy' : 'Sell'}</td>
      <td className="num">{formatAmount(trade.shares)}</td>
      <td className="num">{trade.buyPrice ?? ''}</td>
      <td className="num">{trade.sellPrice ?? ''}</td>
      <td className={trade.sellProfit === '-' ? 'is-loss' : 'is-win'}>{result}</td>
      <td className="num" title={exactMoney(trade.fees, trade.currency ?? 'USD')}>
        {formatMoney(trade.fees, trade.currency ?? 'USD', { sign: false })}
      </td>
      <td>
        <time dateTime={when.dateTime}>{when.text}</time>
      </td>
      <td className="trade-note">{trade.note}</td>
      <td>{trade.source}</td>
      <td className="trade-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(trade)}>
          Edit<span className="visually-hidden"> {trade.symbol} trade</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDelete(trade)}>
          Delete<span className="visually-hidden"> {trade.symbol} trade</span>
        </button>
      </td>
    </tr>
  );
}
