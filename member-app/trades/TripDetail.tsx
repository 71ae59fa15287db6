import { useQueryClient } from '@tanstack/react-query';
import type { Trade, TripTag } from '../../functions/_lib/contract/index.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { heldText, wallText } from './closed-trades-view.ts';
import { exactMoney, formatAmount, formatMoney } from './format.ts';
import { tradeTime } from './market-executions.ts';
import { RiskForm } from './RiskForm.tsx';
import { TagForm } from './TagForm.tsx';
import { type TripTags, tagTrips } from './trip-tags-data.ts';

/** An expanded round trip: a link to its review, its executions, its tags (each removable), a tag form and its planned risk. */
export function TripDetail({
  trip,
  trades,
  tags,
  names,
  focus,
}: {
  trip: ClosedTrade;
  trades: ReadonlyMap<string, Trade>;
  tags: TripTags;
  names: ReadonlyMap<string, TripTag>;
  focus?: 'tags' | 'risk' | undefined;
}) {
  const client = useQueryClient();
  const note = tags.trips[trip.id];
  const fills = (trip.fills ?? []).flatMap((id) => trades.get(id) ?? []);
  const money = (value: string, sign = true) => formatMoney(value, trip.currency, { sign });
  // What the row leaves out (trip-table.css; held and shares on a phone): exit, net and return it always shows.
  const facts = [
    ['Entry', wallText(trip.entry)],
    ['Held', heldText(trip)],
    ['Shares', formatAmount(String(trip.shares))],
    ['Avg entry', trip.avg_entry],
    ['Avg exit', trip.avg_exit],
    ['Gross', money(trip.gross), trip.gross],
    ['Fees', money(trip.fees, false), trip.fees],
  ];
  return (
    <div className="trip-detail__body">
      <p className="trip-detail__review">
        {/* A plain anchor: the app's own link handler (routes/__root.tsx) opens it in place. */}
        <a
          className="btn btn-ghost btn-sm"
          href={`/trades/review/${trip.id}`}
          aria-label={`Review this trade: ${trip.symbol} ${trip.side} closed ${wallText(trip.exit)}`}
        >
          Review this trade
        </a>
      </p>
      <dl className="trip-facts">
        {facts.map(([term, value, exact]) => [
          <dt key={term}>{term}</dt>,
          <dd key={`${term}=`} title={exact && exactMoney(exact, trip.currency)}>
            {value}
          </dd>,
        ])}
      </dl>
      <table className="trip-fills" aria-label={`Executions of ${trip.symbol} closed ${wallText(trip.exit)}`}>
        <thead>
          <tr>
            <th scope="col">Time (market)</th>
            <th scope="col">Side</th>
            <th scope="col">Shares</th>
            <th scope="col">Price</th>
            <th scope="col">Fees</th>
          </tr>
        </thead>
        <tbody>
          {fills.map((t) => (
            <tr key={t.trade_id}>
              <td>{tradeTime(t).text}</td>
              <td>{t.tradeType === 'buy' ? 'Buy' : 'Sell'}</td>
              <td className="num">{formatAmount(t.shares)}</td>
              <td className="num">{t.tradeType === 'sell' ? (t.sellPrice ?? t.buyPrice) : t.buyPrice}</td>
              <td className="num" title={exactMoney(t.fees, trip.currency)}>
                {formatMoney(t.fees, trip.currency, { sign: false })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="trip-detail__tags">
        <ul className="tag-list" aria-label="Tags">
          {(note?.tags ?? []).map((id) => (
            <li key={id} className={`tag-chip is-${names.get(id)?.kind ?? 'setup'}`}>
              {names.get(id)?.name ?? id}
              <button
                type="button"
                aria-label={`Remove tag ${names.get(id)?.name ?? id}`}
                onClick={() => void tagTrips(client, { trip_ids: [trip.id], remove: [id] })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <TagForm tags={tags.tags} trips={[trip.id]} label="Add a tag" autoFocus={focus === 'tags'} />
        <RiskForm trip={trip} risk={note?.risk ?? null} autoFocus={focus === 'risk'} />
      </div>
    </div>
  );
}
