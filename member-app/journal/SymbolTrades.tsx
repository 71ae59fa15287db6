import type { MouseEvent } from 'react';
import { amount, toDecimal, ZERO } from '../../functions/_lib/trades/money.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { heldText } from '../trades/closed-trades-view.ts';
import { exactMoney, formatAmount, formatMoney } from '../trades/format.ts';
import { ALL_TRIPS } from '../trades/trip-filters.ts';
import { type Summarise, useTrips } from '../trades/use-trips.ts';

const SHOWN = 20;

/** Per currency (never mixed): net, round trips, wins and losses. */
function totals(trips: readonly ClosedTrade[]) {
  const by = new Map<
    string,
    { net: ReturnType<typeof toDecimal>; trips: number; wins: number; losses: number }
  >();
  for (const trip of trips) {
    const row = by.get(trip.currency) ?? { net: ZERO, trips: 0, wins: 0, losses: 0 };
    const net = toDecimal(trip.net);
    by.set(trip.currency, {
      net: row.net.plus(net),
      trips: row.trips + 1,
      wins: row.wins + (net.gt(0) ? 1 : 0),
      losses: row.losses + (net.lt(0) ? 1 : 0),
    });
  }
  return [...by].sort(([a], [b]) => a.localeCompare(b));
}

/** The summary useTrips keeps with the symbol's round trips. */
const symbolTotals: Summarise<ReturnType<typeof totals>> = () => totals;

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A symbol's page in the journal (beyond the brief): beside its notes, the member's round trips in
 * it (matched from every one of its trades, as /trades does) with the net per currency. Each round
 * trip opens the notes on the symbol saved the day it closed (market time).
 *
 * Its links are plain anchors the page navigates for (`onOpen`): a lazy chunk that imported the
 * router's Link itself would split the router out of one chunk in the app's first load (+0.9 KB).
 */
export default function SymbolTrades({
  symbol,
  day,
  onOpen,
}: {
  symbol: string;
  /** The day the journal shows, if any: its round trips are marked current. */
  day: string | null;
  /** A day's notes on the symbol, or (no day) the symbol in the trade journal. */
  onOpen: (to: { symbol: string; day?: string }) => void;
}) {
  const follow = (to: { symbol: string; day?: string }) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(to);
  };
  // Every trade of the symbol (a round trip may have opened many pages back), matched as /trades does.
  const { total, matched, view } = useTrips(ALL_TRIPS, { symbol, summarise: symbolTotals });
  const trips = view?.sorted('exit', 'descending') ?? [];
  const open = matched?.open_positions ?? [];
  return (
    <section className="journal-symbol-trades" aria-labelledby="symbol-trades-heading">
      <h2 id="symbol-trades-heading">Round trips in ${symbol}</h2>
      {!matched ? (
        <p className="muted">Loading…</p>
      ) : trips.length === 0 && open.length === 0 ? (
        <p className="muted">No trades in ${symbol} yet.</p>
      ) : (
        <>
          <ul className="symbol-totals" aria-label={`Net on ${symbol}`}>
            {(view?.summary ?? []).map(([currency, row]) => (
              <li key={currency}>
                <span className="muted">
                  Net{trips.some((t) => t.currency !== currency) ? ` (${currency})` : ''}
                </span>{' '}
                <strong
                  className={row.net.lt(0) ? 'is-loss' : row.net.gt(0) ? 'is-win' : undefined}
                  title={exactMoney(amount(row.net), currency)}
                >
                  {formatMoney(amount(row.net), currency)}
                </strong>{' '}
                <span className="muted">
                  over {row.trips} round {row.trips === 1 ? 'trip' : 'trips'} · {row.wins} won, {row.losses}{' '}
                  lost
                </span>
              </li>
            ))}
            {open.map((p) => (
              <li key={`${p.account}|${p.currency}`}>
                <span className="muted">Open</span> {p.side === 'long' ? 'long' : 'short'}{' '}
                {formatAmount(String(p.shares))} @ {p.avg_price}
              </li>
            ))}
          </ul>
          {trips.length > 0 && (
            <ul aria-label={`Round trips in ${symbol}`} className="journal-trades">
              {trips.slice(0, SHOWN).map((trip) => {
                const exitDay = trip.exit.slice(0, 10);
                return (
                  <li key={trip.id}>
                    <a
                      href={`/journal?${new URLSearchParams({ symbol, day: exitDay })}`}
                      onClick={follow({ symbol, day: exitDay })}
                      aria-current={exitDay === day ? 'page' : undefined}
                      aria-label={`${dayLabel(exitDay)}: ${trip.side} ${formatAmount(String(trip.shares))} shares, ${formatMoney(trip.net, trip.currency)}. Notes from that day`}
                    >
                      {dayLabel(exitDay)}
                    </a>{' '}
                    <span className={`journal-trade__side journal-trade__side--${trip.side}`}>
                      {trip.side === 'long' ? 'Long' : 'Short'}
                    </span>{' '}
                    {formatAmount(String(trip.shares))} · {heldText(trip)}{' '}
                    <span
                      className={
                        trip.net.startsWith('-') ? 'is-loss' : /[1-9]/.test(trip.net) ? 'is-win' : undefined
                      }
                      title={exactMoney(trip.net, trip.currency)}
                    >
                      {formatMoney(trip.net, trip.currency)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      {total > 0 && (
        <a
          href={`/trades?${new URLSearchParams({ symbol })}`}
          onClick={follow({ symbol })}
          className="link-button"
        >
          {trips.length > SHOWN ? `All ${trips.length} round trips` : 'Open in the trade journal'}
        </a>
      )}
    </section>
  );
}
