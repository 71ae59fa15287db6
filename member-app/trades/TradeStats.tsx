import { lazy, Suspense, useMemo, useState } from 'react';
import type { Bucket } from '../../functions/_lib/trades/buckets.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import type { TripNotes } from '../../functions/_lib/trades/reports.ts';
import type { ClosedTrade, OpenPosition } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats, type TradeStats } from '../../functions/_lib/trades/stats.ts';
import {
  cumulativeDescription,
  cumulativeSeries,
  exactMoney,
  formatAmount,
  formatMoney,
  formatPercent,
  latestMonth,
  marketWallTime,
  monthWeeks,
  shiftMonth,
  wallToEpoch,
} from './trade-view.ts';

const PnlChart = lazy(() => import('./PnlChart.tsx'));
/** A curve's chart series and words, kept while its statistics are (statsOf below): read once. */
const chartOf = new WeakMap<readonly unknown[], { series: [number[], number[]]; description: string }>();
function chartFor(curve: TradeStats['equity_curve']) {
  let chart = chartOf.get(curve);
  if (!chart) {
    chart = { series: cumulativeSeries(curve, wallToEpoch), description: cumulativeDescription(curve) };
    chartOf.set(curve, chart);
  }
  return chart;
}

/**
 * Statistics per list of trips, valid while the open positions and tags they were worked out with
 * stay the same. The page keeps the trips of the filter sets it has shown (TradesPage), so going
 * back to one (every trade, most often) finds its statistics here; they go when its list does.
 */
const statsOf = new WeakMap<
  readonly ClosedTrade[],
  { open: readonly OpenPosition[]; notes: ReadonlyMap<string, TripNotes>; groups: CurrencyGroup[] }
>();

/** One currency's closed trades, open positions and statistics: amounts in CAD and USD are never added. */
interface CurrencyGroup {
  currency: string;
  closed: ClosedTrade[];
  open: number;
  stats: TradeStats;
}

/** Groups by currency, USD first; a journal with nothing in it still has its (empty) USD group. */
function byCurrency(
  closed: readonly ClosedTrade[],
  open: readonly { currency: string }[],
  notes: ReadonlyMap<string, TripNotes>,
): CurrencyGroup[] {
  const currencies = [...new Set([...closed, ...open].map((item) => item.currency))].sort((a, b) =>
    a === 'USD' ? -1 : b === 'USD' ? 1 : a < b ? -1 : 1,
  );
  return (currencies.length > 0 ? currencies : ['USD']).map((currency) => {
    const mine = closed.filter((trade) => trade.currency === currency);
    return {
      currency,
      closed: mine,
      open: open.filter((position) => position.currency === currency).length,
      stats: computeStats(mine, notes),
    };
  });
}

/**
 * docs/product.md §2 Trade history's statistics over the round trips the page's filters keep, worked out on
 * this device. `closed` is null until every trade has arrived: a partial history gives wrong numbers.
 */
export function TradeStatsPanel({
  closed,
  open,
  notes,
  loaded,
  total,
  onPickDay,
}: {
  /** A calendar day was chosen: the page narrows to it. */
  onPickDay: (day: string) => void;
  closed: readonly ClosedTrade[] | null;
  open: readonly OpenPosition[];
  notes: ReadonlyMap<string, TripNotes>;
  loaded: number;
  total: number;
}) {
  const groups = useMemo(() => {
    if (!closed) return null;
    const known = statsOf.get(closed);
    // Other trades (an import, an edit) come with new open positions, other tags with new notes.
    if (known && known.open === open && known.notes === notes) return known.groups;
    const fresh = byCurrency(closed, open, notes);
    statsOf.set(closed, { open, notes, groups: fresh });
    return fresh;
  }, [closed, open, notes]);
  if (!groups) {
    return (
      <section className="trade-stats" aria-labelledby="trade-stats-title">
        <h2 id="trade-stats-title">Statistics</h2>
        <p className="muted" role="status">
          Loading your trades… {loaded.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        </p>
      </section>
    );
  }
  return (
    <section className="trade-stats" aria-labelledby="trade-stats-title">
      <h2 id="trade-stats-title">Statistics</h2>
      {groups.map((group) => (
        <CurrencyStats key={group.currency} group={group} titled={groups.length > 1} onPickDay={onPickDay} />
      ))}
    </section>
  );
}

function CurrencyStats({
  group,
  titled,
  onPickDay,
}: {
  group: CurrencyGroup;
  titled: boolean;
  onPickDay: (day: string) => void;
}) {
  const { currency, closed, open, stats } = group;
  // Worked out once per curve: the chart redraws only when its curve changes.
  const { series, description } = chartFor(stats.equity_curve);
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
        <Money label="Net P&L" value={stats.net} currency={currency} />
        <Stat label="Win rate" value={formatPercent(stats.win_rate)} />
        <Stat label="Profit factor" value={formatAmount(stats.profit_factor)} />
        <Money label="Expectancy" value={stats.expectancy} currency={currency} />
        <Money label="Average win" value={stats.avg_win} currency={currency} />
        <Money label="Average loss" value={stats.avg_loss} currency={currency} />
        <Money label="Largest win" value={stats.largest_win} currency={currency} />
        <Money label="Largest loss" value={stats.largest_loss} currency={currency} />
        <Money
          label="Max drawdown"
          value={stats.count === 0 ? null : stats.max_drawdown}
          currency={currency}
          unsigned
        />
        <Stat
          label="Fees of gross"
          value={stats.fees_pct_of_gross === null ? '—' : `${formatAmount(stats.fees_pct_of_gross)}%`}
        />
        <Stat
          label="Average R"
          value={
            stats.r_multiples.avg_r === null
              ? '—'
              : `${formatAmount(stats.r_multiples.avg_r, { sign: true })}R`
          }
          title={
            stats.r_multiples.trades > 0
              ? `over ${stats.r_multiples.trades} trades with a planned risk`
              : undefined
          }
        />
        <Stat label="Closed trades" value={String(stats.count)} />
        <Stat label="Open positions" value={String(open)} />
      </div>
      {stats.count > 0 && <Breakdowns stats={stats} currency={currency} />}
      {closed.length > 0 && (
        <Suspense fallback={<p className="muted">Loading chart…</p>}>
          <PnlChart series={series} description={description} />
        </Suspense>
      )}
      {stats.count > 0 && <MonthCalendar byDay={stats.by_day} currency={currency} onPickDay={onPickDay} />}
    </>
  );
}

function Stat({
  label,
  value,
  tone,
  title,
}: {
  label: string;
  value: string;
  tone?: string | null;
  title?: string | undefined;
}) {
  const cls = tone == null ? '' : tone.startsWith('-') ? ' is-loss' : /[1-9]/.test(tone) ? ' is-win' : '';
  return (
    <div className="stat-card">
      <h3>{label}</h3>
      <p className={`stat-card__value${cls}`} title={title}>
        {value}
      </p>
    </div>
  );
}

/** A money card: cents in the card, the exact amount in its tooltip. */
function Money({
  label,
  value,
  currency,
  unsigned = false,
}: {
  label: string;
  value: string | null;
  currency: string;
  unsigned?: boolean;
}) {
  return (
    <Stat
      label={label}
      value={formatMoney(value, currency, { sign: !unsigned })}
      tone={unsigned ? null : value}
      title={exactMoney(value, currency)}
    />
  );
}

function Breakdowns({ stats, currency }: { stats: TradeStats; currency: string }) {
  const topSymbols = Object.entries(stats.by_symbol)
    .sort(([, a], [, b]) => b.trades - a.trades)
    .slice(0, 10);
  const hours = Object.entries(stats.by_hour).sort(([a], [b]) => (a < b ? -1 : 1));
  const tables: [string, string, [string, Bucket][]][] = [
    ['P&L by symbol (top 10)', 'Symbol', topSymbols],
    ['P&L by side', 'Side', Object.entries(stats.by_side)],
    ['P&L by hold time', 'Held', Object.entries(stats.by_hold_time)],
    ['P&L by position size', 'Cost', Object.entries(stats.by_size)],
    ['P&L by weekday', 'Day', Object.entries(stats.by_weekday)],
    ['P&L by hour (market time)', 'Hour', hours],
    ['P&L by entry price', 'Price', Object.entries(stats.by_price)],
  ];
  if (Object.keys(stats.by_tag).length > 0) tables.push(['P&L by tag', 'Tag', Object.entries(stats.by_tag)]);
  return (
    <div className="trade-stats__tables">
      {tables.map(([caption, head, rows]) => (
        <BucketTable key={caption} caption={caption} head={head} rows={rows} currency={currency} />
      ))}
    </div>
  );
}

function BucketTable({
  caption,
  head,
  rows,
  currency,
}: {
  caption: string;
  head: string;
  rows: [string, Bucket][];
  currency: string;
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
    </div>
  );
}

const WEEK = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Made once: a formatter costs more to make than a month's whole grid to draw. */
const MONTH_TITLE = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A month of daily net over the whole history (it opens on the latest month with a trade, so an
 * old import is not an empty grid): green up, red down, darker for bigger days. A day is a button
 * that filters the page to it.
 */
function MonthCalendar({
  byDay,
  currency,
  onPickDay,
}: {
  byDay: Record<string, Bucket>;
  currency: string;
  onPickDay: (day: string) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const month = picked ?? latestMonth(byDay, marketWallTime(Date.now()).slice(0, 7));
  const weeks = useMemo(() => monthWeeks(month, byDay), [month, byDay]);
  const total = Object.entries(byDay)
    .filter(([day]) => day.startsWith(month))
    .reduce((sum, [, b]) => sum.plus(b.net), toDecimal(0));
  const title = MONTH_TITLE.format(new Date(`${month}-01T12:00:00Z`));
  return (
    <figure className="pnl-calendar">
      <figcaption>
        Daily P&L, {title}:{' '}
        <span title={exactMoney(total.toFixed(4), currency)}>{formatMoney(total.toFixed(4), currency)}</span>
      </figcaption>
      <div className="pnl-calendar__nav">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setPicked(shiftMonth(month, -1))}
        >
          ‹ Previous month
        </button>
        <input
          type="month"
          aria-label="Month"
          value={month}
          onChange={(e) => /^\d{4}-\d{2}$/.test(e.target.value) && setPicked(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setPicked(shiftMonth(month, 1))}
        >
          Next month ›
        </button>
      </div>
      <table className="pnl-month" aria-label={`Daily P&L, ${title}`}>
        <thead>
          <tr>
            {WEEK.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)?.day}>
              {week.map((cell, i) =>
                cell === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: padding cells have no identity but their place
                  <td key={i} />
                ) : (
                  <td key={cell.day}>
                    {cell.bucket ? (
                      <button
                        type="button"
                        className={`pnl-day level-${cell.level}${cell.bucket.net.startsWith('-') ? ' is-loss' : cell.level > 0 ? ' is-win' : ' is-flat'}`}
                        title={exactMoney(cell.bucket.net, currency)}
                        aria-label={`${cell.day}: ${formatMoney(cell.bucket.net, currency)}, ${cell.bucket.trades} ${cell.bucket.trades === 1 ? 'trade' : 'trades'}: show them`}
                        onClick={() => onPickDay(cell.day)}
                      >
                        <span className="pnl-day__date">{Number(cell.day.slice(8))}</span>
                        <span className="pnl-day__net">{formatMoney(cell.bucket.net, currency)}</span>
                      </button>
                    ) : (
                      <span className="pnl-day__date">{Number(cell.day.slice(8))}</span>
                    )}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
