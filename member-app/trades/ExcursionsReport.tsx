import type { Trade } from '../../functions/_lib/contract/index.ts';
import { excursionReport } from '../../functions/_lib/trades/excursion-report.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { currentExcursions } from './current-excursions.ts';
import type { TripExcursions } from './trip-excursions-data.ts';
import type { TripTags } from './trip-tags-data.ts';

/**
 * "Excursions by setup" (docs/trades.md, "MAE and MFE on /trades"): for each setup tag over the
 * trips the filters keep, how much of the move its winners keep and how far its losers go against
 * the member, in one sentence (excursion-report.ts). Figures measured for a trip before its last
 * change are left out until measured again. Lazy: its own chunk, after the page is drawn.
 */
export default function ExcursionsReport({
  trips,
  trades,
  tags,
  excursions,
}: {
  trips: readonly ClosedTrade[];
  trades: ReadonlyMap<string, Trade>;
  tags: TripTags;
  excursions: TripExcursions;
}) {
  const rows = excursionReport({
    trips,
    excursions: currentExcursions(excursions, trips, trades),
    notes: tags.trips,
    tags: tags.tags,
  });
  if (rows.length === 0) return null;
  return (
    <section className="trade-stats excursions-report" aria-labelledby="excursions-report-title">
      <h2 id="excursions-report-title">Excursions by setup</h2>
      {excursions.pending && (
        <p className="muted" role="status">
          Some trades are still being measured.
        </p>
      )}
      <div className="bucket-table__box">
        <table className="bucket-table excursions-table">
          <thead>
            <tr>
              <th scope="col">Setup</th>
              <th scope="col">Trades</th>
              <th scope="col">Measured</th>
              <th scope="col">What the excursions say</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tag?.id ?? ''}>
                <th scope="row">{row.tag?.name ?? 'No setup tag'}</th>
                <td>{row.trips}</td>
                <td>{row.measured}</td>
                <td className="is-text">{row.sentence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
