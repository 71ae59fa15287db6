import { lazy, Suspense, useMemo } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { Bucket } from '../../functions/_lib/trades/buckets.ts';
import { type ClosedTrade, matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats, type TradeStats } from '../../functions/_lib/trades/stats.ts';
import {
  calendarWeeks,
  cumulativeDescription,
  cumulativeSeries,
  dailyNet,
  formatAmount,
  formatPercent,
  tradesToExecutions,
  wallToEpoch,
} from './trade-view.ts';

const PnlChart = lazy(() => import('./PnlChart.tsx'));

/** One currency's closed trades, open positions and statistics: amounts in CAD and USD are never added. */
interface CurrencyGroup {
  currency: string;
  closed: ClosedTrade[];
  open: number;
  stats: TradeStats;
}

/** Groups by currency, USD first; a journal with nothing in it still has its (empty) USD group. */
function byCurrency(closed: readonly ClosedTrade[], open: readonly { currency: string }[]): CurrencyGroup[] {
  const currencies = [...new Set([...closed, ...open].map((item) => item.currency))].sort((a, b) =>
    a === 'USD' ? -1 : b === 'USD' ? 1 : a < b ? -1 : 1,
  );
  return (currencies.length > 0 ? currencies : ['USD']).map((currency) => {
    const mine = closed.filter((trade) => trade.currency === currency);
    return {
      currency,
      closed: mine,
      open: open.filter((position) => position.currency === currency).length,
      stats: computeStats(mine),
    };
  });
}

/** SPEC §2 Trade history's statistics, worked out on this device from the member's executions. */
export function TradeStatsPanel({ trades, total }: { trades: readonly Trade[]; total: number }) {
  // Worked out once every trade has arrived: a partial history gives wrong numbers, and matching
  // again as each page arrives would redo the work a hundred times over on a large journal.
  const complete = trades.length >= total;
  const groups = useMemo(() => {
    if (!complete) return null;
    const result = matchRoundTrips(tradesToExecutions(trades));
    return byCurrency(result.closed_trades, result.open_positions);
  }, [trades, complete]);
  if (!groups) {
    return (
      <section className="trade-stats" aria-labelledby="trade-stats-title">
        <h2 id="trade-stats-title">Statistics</h2>
        <p className="muted" role="status">
          Loading your trades… {trades.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        </p>
      </section>
    );
  }
  return (
    <section className="trade-stats" aria-labelledby="trade-stats-title">
      <h2 id="trade-stats-title">Statistics</h2>
      {groups.map((group) => (
        <CurrencyStats key={group.currency} group={group} titled={groups.length > 1} />
      ))}
    </section>
  );
}

function CurrencyStats({ group, titled }: { group: CurrencyGroup; titled: boolean }) {
  const { currency, closed, open, stats } = group;
  return (
    <>
      {titled && <h3 className="trade-stats__currency">In {currency}</h3>}
      {stats.count === 0 && (
        <p className="muted">
          No closed trades yet: statistics appear once a position is bought and sold back to flat.
          {open > 0 && ` Open positions: ${open}.`}
        </p>
      )}
      <div className="trade-stats__cards">
        <div className="stat-card streak-card">
          <h3>Winning streak</h3>
          <p>
            <span className="stat-card__value">{stats.current_win_streak}</span> current
          </p>
          <p className="muted">Best: {stats.best_win_streak}</p>
        </div>
        <Stat label="Net P&L" value={formatAmount(stats.net, { sign: true })} tone={stats.net} />
        <Stat label="Win rate" value={formatPercent(stats.win_rate)} />
        <Stat label="Profit factor" value={formatAmount(stats.profit_factor)} />
        <Stat
          label="Expectancy"
          value={formatAmount(stats.expectancy, { sign: true })}
          tone={stats.expectancy}
        />
        <Stat label="Average win" value={formatAmount(stats.avg_win)} />
        <Stat label="Average loss" value={formatAmount(stats.avg_loss)} />
        <Stat label="Largest win" value={formatAmount(stats.largest_win)} />
        <Stat label="Largest loss" value={formatAmount(stats.largest_loss)} />
        <Stat label="Closed trades" value={String(stats.count)} />
        <Stat label="Open positions" value={String(open)} />
      </div>
      {stats.count > 0 && <Breakdowns stats={stats} />}
      {closed.length > 0 && (
        <Suspense fallback={<p className="muted">Loading chart…</p>}>
          <PnlChart
            series={cumulativeSeries(closed, wallToEpoch)}
            description={cumulativeDescription(closed)}
          />
        </Suspense>
      )}
      <PnlCalendar closed={closed} />
    </>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: string | null }) {
  const cls = tone == null ? '' : tone.startsWith('-') ? ' is-loss' : /[1-9]/.test(tone) ? ' is-win' : '';
  return (
    <div className="stat-card">
      <h3>{label}</h3>
      <p className={`stat-card__value${cls}`}>{value}</p>
    </div>
  );
}

function Breakdowns({ stats }: { stats: TradeStats }) {
  const topSymbols = Object.entries(stats.by_symbol)
    .sort(([, a], [, b]) => b.trades - a.trades)
    .slice(0, 10);
  return (
    <div className="trade-stats__tables">
      <BucketTable caption="P&L by symbol (top 10)" head="Symbol" rows={topSymbols} />
      <BucketTable caption="P&L by weekday" head="Day" rows={Object.entries(stats.by_weekday)} />
      <BucketTable caption="P&L by hour" head="Hour" rows={Object.entries(stats.by_hour)} />
      <BucketTable caption="P&L by entry price" head="Price" rows={Object.entries(stats.by_price)} />
    </div>
  );
}

function BucketTable({ caption, head, rows }: { caption: string; head: string; rows: [string, Bucket][] }) {
  return (
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
            <td className={b.net.startsWith('-') ? 'is-loss' : 'is-win'}>
              {formatAmount(b.net, { sign: true })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The last three months, a square a day: green for a day that closed up, red for one that closed down. */
function PnlCalendar({ closed }: { closed: readonly ClosedTrade[] }) {
  const weeks = useMemo(() => calendarWeeks(dailyNet(closed), new Date()), [closed]);
  return (
    <figure className="pnl-calendar">
      <figcaption>Daily P&L, last 3 months</figcaption>
      <div className="pnl-calendar__grid">
        {weeks.map((week) => (
          <div key={week[0]?.day} className="pnl-calendar__week">
            {week.map(({ day, net }) => (
              <span
                key={day}
                className={`pnl-day${net === null ? '' : net.startsWith('-') ? ' is-loss' : /[1-9]/.test(net) ? ' is-win' : ' is-flat'}`}
                title={net === null ? day : `${day}: ${formatAmount(net, { sign: true })}`}
              />
            ))}
          </div>
        ))}
      </div>
    </figure>
  );
}
