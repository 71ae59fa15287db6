import { lazy, Suspense } from 'react';
import { Breakdowns } from './Breakdowns.tsx';
import { MonthCalendar } from './MonthCalendar.tsx';
import { StatCards } from './StatCards.tsx';
import type { CurrencyGroup } from './trip-stats.ts';

const PnlChart = lazy(() => import('./PnlChart.tsx'));

/** One currency's cards, breakdowns, chart and calendar. */
export function CurrencyStats({
  group,
  titled,
  narrowed,
  onPickDay,
}: {
  group: CurrencyGroup;
  titled: boolean;
  narrowed: boolean;
  onPickDay: (day: string) => void;
}) {
  const { currency, closed, open, stats, chart } = group;
  return (
    <>
      {titled && <h3 className="trade-stats__currency">In {currency}</h3>}
      {stats.count === 0 && (
        <p className="muted">
          {narrowed
            ? 'No closed trades match these filters: change or clear them to see the others.'
            : 'No closed trades yet: statistics appear once a position is bought and sold back to flat.'}
          {open > 0 && ` Open positions: ${open}.`}
        </p>
      )}
      <StatCards stats={stats} currency={currency} open={open} />
      {stats.count > 0 && <Breakdowns stats={stats} currency={currency} />}
      {closed.length > 0 && (
        <Suspense
          fallback={
            // The chart's own frame, as tall as the chart: what follows is not pushed down when it draws.
            <figure className="pnl-chart" aria-busy="true">
              <figcaption>Cumulative P&L</figcaption>
              <div className="pnl-chart__plot" />
              <p className="pnl-chart__summary">{chart.description}</p>
            </figure>
          }
        >
          {/* The series is made once per curve (trip-stats.ts): the chart redraws only when it changes. */}
          <PnlChart series={chart.series} description={chart.description} />
        </Suspense>
      )}
      {stats.count > 0 && <MonthCalendar byDay={stats.by_day} currency={currency} onPickDay={onPickDay} />}
    </>
  );
}
