import { CurrencyStats } from './CurrencyStats.tsx';
import type { CurrencyGroup } from './trip-stats.ts';

/**
 * docs/product.md §2 Trade history's statistics over the round trips the page's filters keep, worked out on
 * this device (trip-stats.ts, through useTrips). `groups` is null until every trade has arrived: a
 * partial history gives wrong numbers.
 */
export function TradeStatsPanel({
  groups,
  narrowed,
  loaded,
  total,
  onPickDay,
}: {
  groups: readonly CurrencyGroup[] | null;
  /** Filters leave trips out: an empty view says so rather than that there are none. */
  narrowed: boolean;
  loaded: number;
  total: number;
  /** A calendar day was chosen: the page narrows to it. */
  onPickDay: (day: string) => void;
}) {
  return (
    <section className="trade-stats" aria-labelledby="trade-stats-title">
      <h2 id="trade-stats-title">Statistics</h2>
      {groups ? (
        groups.map((group) => (
          <CurrencyStats
            key={group.currency}
            group={group}
            titled={groups.length > 1}
            narrowed={narrowed}
            onPickDay={onPickDay}
          />
        ))
      ) : (
        <p className="muted" role="status">
          Loading your trades… {loaded.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        </p>
      )}
    </section>
  );
}
