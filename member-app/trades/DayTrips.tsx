import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { exactMoney, formatMoney } from './format.ts';

/**
 * The trades closed on one picked day (a calendar day, or a one-day filter), each opening its review
 * (/trades/review/{trip}). Plain anchors: the app's own link handler (routes/__root.tsx) opens them
 * in place.
 */
export function DayTrips({ day, trips }: { day: string; trips: readonly ClosedTrade[] }) {
  if (trips.length === 0) return null;
  return (
    <section className="day-trips card" aria-labelledby="day-trips-title">
      <h3 id="day-trips-title">Trades closed on {day}</h3>
      <ul>
        {trips.map((trip) => (
          <li key={trip.id}>
            <a href={`/trades/review/${trip.id}`}>
              Review {trip.symbol} {trip.side === 'long' ? 'long' : 'short'}
            </a>{' '}
            <span
              className={trip.net.startsWith('-') ? 'is-loss' : /[1-9]/.test(trip.net) ? 'is-win' : 'muted'}
              title={exactMoney(trip.net, trip.currency)}
            >
              {formatMoney(trip.net, trip.currency)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
