import type { Bucket } from '../../functions/_lib/trades/buckets.ts';
import type { TradeStats } from '../../functions/_lib/trades/stats.ts';
import { exactMoney, formatMoney } from './format.ts';

/**
 * Under a time-of-day table (hour, hold time): how many trips it leaves out because their file gave
 * dates only (reports.ts `time_unknown`); null when none.
 */
export function timeUnknownNote(count: number): string | null {
  if (count <= 0) return null;
  return count === 1
    ? '1 trade without a time of day is not counted here'
    : `${count.toLocaleString('en-US')} trades without a time of day are not counted here`;
}

/** The statistics' P&L tables by symbol, side, hold time, size, weekday, hour, entry price and tag. */
export function Breakdowns({ stats, currency }: { stats: TradeStats; currency: string }) {
  const topSymbols = Object.entries(stats.by_symbol)
    .sort(([, a], [, b]) => b.trades - a.trades)
    .slice(0, 10);
  const hours = Object.entries(stats.by_hour).sort(([a], [b]) => (a < b ? -1 : 1));
  const tables: [string, string, [string, Bucket][], number?][] = [
    ['P&L by symbol (top 10)', 'Symbol', topSymbols],
    ['P&L by side', 'Side', Object.entries(stats.by_side)],
    ['P&L by hold time', 'Held', Object.entries(stats.by_hold_time), stats.time_unknown.by_hold_time],
    ['P&L by position size', 'Cost', Object.entries(stats.by_size)],
    ['P&L by weekday', 'Day', Object.entries(stats.by_weekday)],
    ['P&L by hour (market time)', 'Hour', hours, stats.time_unknown.by_hour],
    ['P&L by entry price', 'Price', Object.entries(stats.by_price)],
  ];
  if (Object.keys(stats.by_tag).length > 0) tables.push(['P&L by tag', 'Tag', Object.entries(stats.by_tag)]);
  return (
    <div className="trade-stats__tables">
      {tables.map(([caption, head, rows, timeUnknown = 0]) => (
        <BucketTable
          key={caption}
          caption={caption}
          head={head}
          rows={rows}
          currency={currency}
          note={timeUnknownNote(timeUnknown)}
        />
      ))}
    </div>
  );
}

function BucketTable({
  caption,
  head,
  rows,
  currency,
  note,
}: {
  caption: string;
  head: string;
  rows: [string, Bucket][];
  currency: string;
  note: string | null;
}) {
  // Its own scroll box: a wide amount never spills into the next table's columns.
  return (
    <div className="bucket-table__box">
      <table className="bucket-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">Trades</th>
            <th scope="col">Wins</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, b]) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td>{b.trades}</td>
              <td>{b.wins}</td>
              <td
                className={b.net.startsWith('-') ? 'is-loss' : 'is-win'}
                title={exactMoney(b.net, currency)}
              >
                {formatMoney(b.net, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {note && <p className="bucket-table__note">{note}</p>}
    </div>
  );
}
