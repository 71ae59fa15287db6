import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type MouseEvent, useMemo, useRef, useState } from 'react';
import type { Trade, TripTag } from '../../functions/_lib/contract/index.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import type { ClosedTrade, OpenPosition } from '../../functions/_lib/trades/round-trips.ts';
import { heldText, returnOnCost, sortTrips, TRIP_COLUMNS, type TripSortKey } from './closed-trades-view.ts';
import { exactMoney, formatAmount, formatMarketTime, formatMoney } from './trade-view.ts';
import { type TagTripsInput, type TripTags, tagTrips } from './trip-tags-data.ts';
import { useVirtualRows } from './virtual-rows.ts';

/** Beyond this many round trips the table renders only what is on screen. */
const VIRTUAL_FROM = 200;
// A trip's row as drawn (40 px in Chromium, system font): an estimate that matches spares the
// virtualizer re-laying out every row after it each time a shown row is measured.
const ROW_HEIGHT = 40;
/** The tags endpoint takes this many trips a call; a larger selection goes in turns. */
const BULK = 500;

const wallText = (wall: string) => wall.replace('T', ' ');
const tripKey = (trip: ClosedTrade) => trip.id;
/** The journal on the trip's symbol, the day it closed (market time). */
const notesSearch = (trip: ClosedTrade) => ({ symbol: trip.symbol, day: trip.exit.slice(0, 10) });

/**
 * Each list of trips sorted once per order: the page keeps the trips of the filter sets it has
 * shown, so going back to one (every trip, most often) finds its rows sorted already.
 */
const sorted = new WeakMap<readonly ClosedTrade[], Map<string, readonly ClosedTrade[]>>();
function sortedTrips(trips: readonly ClosedTrade[], key: TripSortKey, direction: 'ascending' | 'descending') {
  const orders = sorted.get(trips) ?? new Map<string, readonly ClosedTrade[]>();
  sorted.set(trips, orders);
  const order = `${key} ${direction}`;
  const rows = orders.get(order) ?? sortTrips(trips, key, direction);
  orders.set(order, rows);
  return rows;
}

/** The closed round trips of the current filter: sortable, selectable, each expanding to its fills and tags. */
export function ClosedTrades({
  trips,
  trades,
  tags,
}: {
  trips: readonly ClosedTrade[];
  trades: ReadonlyMap<string, Trade>;
  tags: TripTags;
}) {
  const [sort, setSort] = useState<{ key: TripSortKey; direction: 'ascending' | 'descending' }>({
    key: 'exit',
    direction: 'descending',
  });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => sortedTrips(trips, sort.key, sort.direction), [trips, sort]);
  const { scroller, virtual, virtualizer, indexOf, shown, before, after } = useVirtualRows(rows, {
    from: VIRTUAL_FROM,
    rowHeight: ROW_HEIGHT,
    keyOf: tripKey,
  });
  const navigate = useNavigate();
  // One handler for every row's symbol link: a router Link in each row would re-render with every
  // navigation (a filter change is one) and cost a location built per row.
  const openNotes = (trip: ClosedTrade) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ to: '/journal', search: notesSearch(trip) as never });
  };
  const names = useMemo(() => new Map(tags.tags.map((tag) => [tag.id, tag])), [tags.tags]);
  const flip = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const toggleSort = (key: TripSortKey) =>
    setSort((s) => ({
      key,
      direction: s.key === key && s.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  const chosen = rows.filter((trip) => selected.has(trip.id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  // Nothing matching keeps the table (its head, scroller and virtualizer) mounted with one line in
  // its body: going back to every trip then fills a table already laid out, not a new one.
  return (
    <>
      {chosen.length > 0 && (
        <section className="trip-bulk" aria-label="Selected trades">
          <span>{chosen.length.toLocaleString('en-US')} selected</span>
          <TagForm tags={tags.tags} trips={chosen.map((t) => t.id)} label="Tag selected trades" />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </section>
      )}
      <div ref={scroller} className={`trade-table-wrap${virtual ? ' is-virtual' : ''}`}>
        <table className="trade-table trip-table" aria-label="Closed trades">
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Select every trade shown"
                  checked={allChosen}
                  disabled={rows.length === 0}
                  onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((t) => t.id)))}
                />
              </th>
              {TRIP_COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" aria-sort={sort.key === key ? sort.direction : 'none'}>
                  <button type="button" onClick={() => toggleSort(key)}>
                    {label}
                  </button>
                </th>
              ))}
              <th scope="col">Tags</th>
            </tr>
          </thead>
          {rows.length === 0 && (
            <tbody>
              <tr>
                <td colSpan={TRIP_COLUMNS.length + 2} className="muted trip-table__empty">
                  No closed trades match.
                </td>
              </tr>
            </tbody>
          )}
          {before > 0 && (
            <tbody>
              <tr className="spacer-row" style={{ height: before }}>
                <td colSpan={TRIP_COLUMNS.length + 2} />
              </tr>
            </tbody>
          )}
          {shown.map((trip, i) => (
            // One body per trip, drawn at the estimated height; only an expanded trip (taller) is
            // measured, since measuring every row as it mounts costs a layout each on a filter
            // change. A trip measured once stays observed while shown, so folding it back is too.
            <tbody
              key={trip.id}
              data-index={indexOf(i)}
              ref={virtual && open.has(trip.id) ? virtualizer.measureElement : undefined}
            >
              <TripRows
                trip={trip}
                expanded={open.has(trip.id)}
                onExpand={() => setOpen((s) => flip(s, trip.id))}
                onOpenNotes={openNotes(trip)}
                selected={selected.has(trip.id)}
                onSelect={() => setSelected((s) => flip(s, trip.id))}
                trades={trades}
                tags={tags}
                names={names}
              />
            </tbody>
          ))}
          {after > 0 && (
            <tbody>
              <tr className="spacer-row" style={{ height: after }}>
                <td colSpan={TRIP_COLUMNS.length + 2} />
              </tr>
            </tbody>
          )}
        </table>
      </div>
    </>
  );
}

function TripRows({
  trip,
  expanded,
  onExpand,
  onOpenNotes,
  selected,
  onSelect,
  trades,
  tags,
  names,
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
          <td colSpan={TRIP_COLUMNS.length + 2}>
            <TripDetail trip={trip} trades={trades} tags={tags} names={names} />
          </td>
        </tr>
      )}
    </>
  );
}

function TripDetail({
  trip,
  trades,
  tags,
  names,
}: {
  trip: ClosedTrade;
  trades: ReadonlyMap<string, Trade>;
  tags: TripTags;
  names: ReadonlyMap<string, TripTag>;
}) {
  const client = useQueryClient();
  const note = tags.trips[trip.id];
  const fills = (trip.fills ?? []).flatMap((id) => trades.get(id) ?? []);
  return (
    <div className="trip-detail__body">
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
              <td>{formatMarketTime(t.time)}</td>
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
        <TagForm tags={tags.tags} trips={[trip.id]} label="Add a tag" />
        <RiskForm trip={trip} risk={note?.risk ?? null} />
      </div>
    </div>
  );
}

/** Name a tag (an existing one is picked from the list as it is typed) and put it on the trips. */
function TagForm({
  tags,
  trips,
  label,
}: {
  tags: readonly TripTag[];
  trips: readonly string[];
  label: string;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TripTag['kind']>('setup');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const listId = useRef(`tags-${Math.random().toString(36).slice(2)}`).current;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = name.trim();
    if (!typed) return;
    const known = tags.find((tag) => tag.kind === kind && tag.name.toLowerCase() === typed.toLowerCase());
    const edit: Omit<TagTripsInput, 'trip_ids'> = known
      ? { add: [known.id] }
      : { define: [{ name: typed, kind }] };
    setBusy(true);
    setError('');
    try {
      for (let i = 0; i < trips.length; i += BULK)
        await tagTrips(client, { trip_ids: trips.slice(i, i + BULK), ...edit });
      setName('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The tag was not saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="tag-form" aria-label={label} onSubmit={(e) => void submit(e)}>
      <label>
        Tag
        <input value={name} list={listId} maxLength={40} onChange={(e) => setName(e.target.value)} />
      </label>
      <datalist id={listId}>
        {tags
          .filter((tag) => tag.kind === kind)
          .map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
      </datalist>
      <label>
        Kind
        <select value={kind} onChange={(e) => setKind(e.target.value as TripTag['kind'])}>
          <option value="setup">Setup</option>
          <option value="mistake">Mistake</option>
        </select>
      </label>
      <button type="submit" className="btn btn-sm" disabled={busy}>
        {label}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

/** The planned risk in dollars: the reports' R of this trade is its net ÷ this. */
function RiskForm({ trip, risk }: { trip: ClosedTrade; risk: string | null }) {
  const client = useQueryClient();
  const [text, setText] = useState(risk ?? '');
  const [error, setError] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      await tagTrips(client, {
        trip_ids: [trip.id],
        risk: text.trim() === '' ? null : text.trim().replace(',', '.'),
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The risk was not saved. Please try again.');
    }
  }
  const r = risk ? toDecimal(trip.net).div(risk).toFixed(2) : null;
  return (
    <form className="tag-form" aria-label="Planned risk" onSubmit={(e) => void submit(e)}>
      <label>
        Planned risk ({trip.currency})
        <input value={text} inputMode="decimal" size={8} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-sm">
        Save risk
      </button>
      {r !== null && <span>{`${r.startsWith('-') ? '' : '+'}${r}R`}</span>}
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

/** Positions not yet flat, with what their partial exits realised so far. */
export function OpenPositions({ positions }: { positions: readonly OpenPosition[] }) {
  if (positions.length === 0) return null;
  return (
    <div className="trade-table-wrap open-positions">
      <table className="trade-table" aria-label="Open positions">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Side</th>
            <th scope="col">Shares</th>
            <th scope="col">Avg cost</th>
            <th scope="col">Realized so far</th>
            <th scope="col">Fees so far</th>
            <th scope="col">Opened</th>
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => (
            <tr key={`${p.account}|${p.currency}|${p.symbol}`}>
              <th scope="row">{p.symbol}</th>
              <td>{p.side === 'long' ? 'Long' : 'Short'}</td>
              <td className="num">{formatAmount(String(p.shares))}</td>
              <td className="num">{p.avg_price}</td>
              <td className="num" title={exactMoney(p.realized_so_far, p.currency)}>
                {formatMoney(p.realized_so_far, p.currency)}
              </td>
              <td className="num" title={exactMoney(p.fees_so_far, p.currency)}>
                {formatMoney(p.fees_so_far, p.currency, { sign: false })}
              </td>
              <td>{wallText(p.opened)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
