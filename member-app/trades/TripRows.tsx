import type { MouseEvent } from 'react';
import type { Trade, TripTag } from '../../functions/_lib/contract/index.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import {
  heldText,
  notesSearch,
  returnOnCost,
  TRIP_COLUMNS,
  TRIP_EXTRA_COLUMNS,
  wallText,
} from './closed-trades-view.ts';
import { ExcursionCells } from './ExcursionCells.tsx';
import { exactMoney, formatAmount, formatMoney } from './format.ts';
import { TripDetail } from './TripDetail.tsx';
import type { TripExcursion } from './trip-excursions-data.ts';
import type { TripTags } from './trip-tags-data.ts';

/** A round trip's row in the closed-trades table, and its detail row once expanded. */
export function TripRows({
  trip,
  expanded,
  onExpand,
  onOpenNotes,
  selected,
  onSelect,
  trades,
  tags,
  names,
  excursion,
  focus,
}: {
  trip: ClosedTrade;
  expanded: boolean;
  onExpand: () => void;
  onOpenNotes: (event: MouseEvent) => void;
  selected: boolean;
  onSelect: () => void;
  trades: ReadonlyMap<string, Trade>;
  tags: TripTags;
  names: ReadonlyMap<string, TripTag>;
  /** Its MAE/MFE as the background job measured them (trip-excursions-data.ts). */
  excursion: TripExcursion;
  /** The detail's field a goal's link focuses. */
  focus?: 'tags' | 'risk';
}) {
  const money = (value: string, sign = true) => (
    <td className="num" title={exactMoney(value, trip.currency)}>
      {formatMoney(value, trip.currency, { sign })}
    </td>
  );
  const tagIds = tags.trips[trip.id]?.tags ?? [];
  const ret = returnOnCost(trip);
  const label = `${trip.symbol} ${trip.side} closed ${wallText(trip.exit)}`;
  const tone = trip.net.startsWith('-') ? 'is-loss' : /[1-9]/.test(trip.net) ? 'is-win' : '';
  return (
    <>
      <tr className={expanded ? 'is-expanded' : undefined}>
        <td>
          <input type="checkbox" aria-label={`Select ${label}`} checked={selected} onChange={onSelect} />
        </td>
        <th scope="row">
          <button
            type="button"
            className="trip-expand"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} the executions and tags of ${label}`}
            onClick={onExpand}
          >
            {expanded ? '▾' : '▸'}
          </button>{' '}
          <a
            href={`/journal?${new URLSearchParams(notesSearch(trip))}`}
            onClick={onOpenNotes}
            title={`Journal notes on $${trip.symbol} from ${trip.exit.slice(0, 10)}`}
          >
            {trip.symbol}
          </a>
        </th>
        <td>{trip.side === 'long' ? 'Long' : 'Short'}</td>
        <td>{wallText(trip.entry)}</td>
        <td>{wallText(trip.exit)}</td>
        <td>{heldText(trip)}</td>
        <td className="num">{formatAmount(String(trip.shares))}</td>
        <td className="num">{trip.avg_entry}</td>
        <td className="num">{trip.avg_exit}</td>
        {money(trip.gross)}
        {money(trip.fees, false)}
        <td className={`num ${tone}`} title={exactMoney(trip.net, trip.currency)}>
          {formatMoney(trip.net, trip.currency)}
        </td>
        <td className={`num ${tone}`}>{ret === null ? '—' : `${ret}%`}</td>
        <ExcursionCells excursion={excursion} currency={trip.currency} />
        <td className="trip-tags">
          {tagIds.map((id) => (
            <span key={id} className={`tag-chip is-${names.get(id)?.kind ?? 'setup'}`}>
              {names.get(id)?.name ?? id}
            </span>
          ))}
        </td>
      </tr>
      {expanded && (
        <tr className="trip-detail">
          <td colSpan={TRIP_COLUMNS.length + TRIP_EXTRA_COLUMNS}>
            <TripDetail trip={trip} trades={trades} tags={tags} names={names} focus={focus} />
          </td>
        </tr>
      )}
    </>
  );
}
