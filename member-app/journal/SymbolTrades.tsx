import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { tradesQuery } from '../trades/trades-data.ts';

const SHOWN = 20;

/**
 * A symbol's page in the journal (beyond the SPEC): beside its notes, the member's trades in it,
 * newest first, linking on to the trade journal.
 */
export function SymbolTrades({ symbol }: { symbol: string }) {
  const trades = useInfiniteQuery(tradesQuery({ symbol }));
  const rows = trades.data?.pages[0]?.trades.slice(0, SHOWN) ?? [];
  const total = trades.data?.pages[0]?.total ?? 0;
  return (
    <section className="journal-symbol-trades" aria-labelledby="symbol-trades-heading">
      <h2 id="symbol-trades-heading">Trades in ${symbol}</h2>
      {trades.isPending ? (
        <p className="muted">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted">No trades in ${symbol} yet.</p>
      ) : (
        <ul aria-label={`Trades in ${symbol}`} className="journal-trades">
          {rows.map((trade) => (
            <li key={trade.trade_id}>
              <span className={`journal-trade__side journal-trade__side--${trade.tradeType}`}>
                {trade.tradeType === 'buy' ? 'Buy' : 'Sell'}
              </span>{' '}
              {Number(trade.shares).toLocaleString('en-US')} @{' '}
              {trade.tradeType === 'buy' ? trade.buyPrice : trade.sellPrice}
              <span className="muted"> · {new Date(trade.time).toLocaleDateString()}</span>
            </li>
          ))}
        </ul>
      )}
      {total > 0 && (
        <Link to="/trades" className="link-button">
          {total > SHOWN ? `All ${total} trades` : 'Open the trade journal'}
        </Link>
      )}
    </section>
  );
}
