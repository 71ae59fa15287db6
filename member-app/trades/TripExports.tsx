import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { currentExcursions } from './current-excursions.ts';
import { marketWallTime } from './time-zone.ts';
import type { TripExcursions } from './trip-excursions-data.ts';
import type { TripTags } from './trip-tags-data.ts';
import { executionsCsv, tripsCsv } from './trips-csv.ts';

/** Saves text as a file: exports are made in the browser from what is on the page. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** *Export closed trades (CSV)* and *Export executions (CSV)*: what the filters keep, exact amounts. */
export function TripExports({
  trips,
  trades,
  tags,
  excursions,
}: {
  trips: readonly ClosedTrade[];
  trades: ReadonlyMap<string, Trade>;
  tags: TripTags;
  excursions: TripExcursions | undefined;
}) {
  const notes = {
    tagsOf: (id: string) => tags.trips[id]?.tags ?? [],
    riskOf: (id: string) => tags.trips[id]?.risk ?? null,
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() =>
          download(
            'closed-trades.csv',
            tripsCsv(trips, notes, tags.tags, currentExcursions(excursions, trips, trades)),
          )
        }
      >
        Export closed trades (CSV)
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => download('executions.csv', executionsCsv(trips, trades, marketWallTime))}
      >
        Export executions (CSV)
      </button>
    </>
  );
}
