import { useNavigate } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { notesSearch, TRIP_COLUMNS, TRIP_EXTRA_COLUMNS, type TripSortKey } from './closed-trades-view.ts';
import { TagForm } from './TagForm.tsx';
import { TripRows } from './TripRows.tsx';
import type { TradesTarget } from './trades-target.ts';
import { excursionOf, type TripExcursions } from './trip-excursions-data.ts';
import type { TripTags } from './trip-tags-data.ts';
import type { TripView } from './use-trips.ts';
import { useVirtualRows } from './virtual-rows.ts';

/** Beyond this many round trips the table renders only what is on screen. */
const VIRTUAL_FROM = 200;
// A trip's row as drawn (40 px in Chromium, system font; a phone's card is 64 px, trip-table.css):
// an estimate that matches spares the virtualizer re-laying out every row after it each time a
// shown row is measured.
const rowHeight = () => (globalThis.matchMedia?.('(max-width: 600px)').matches ? 64 : 40);

const tripKey = (trip: ClosedTrade) => trip.id;

/** The closed round trips of the current filter: sortable, selectable, each expanding to its fills and tags. */
export function TripTable({
  view,
  trades,
  tags,
  excursions,
  target = null,
}: {
  view: Pick<TripView<unknown>, 'sorted'>;
  trades: ReadonlyMap<string, Trade>;
  tags: TripTags;
  /** The MAE/MFE measured in the background; undefined until they arrive (every row "…"). */
  excursions: TripExcursions | undefined;
  /** A goal's link to a round trip's tag box or risk: that trip opens with the field focused. */
  target?: TradesTarget | null;
}) {
  const focusTrip =
    target?.field === 'tags' || target?.field === 'risk' ? { ...target, field: target.field } : null;
  const [sort, setSort] = useState<{ key: TripSortKey; direction: 'ascending' | 'descending' }>({
    key: 'exit',
    direction: 'descending',
  });
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(focusTrip ? [focusTrip.id] : []));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Sorted once per order and filter set (useTrips keeps them).
  const rows = useMemo(() => view.sorted(sort.key, sort.direction), [view, sort]);
  const [height] = useState(rowHeight);
  const { scroller, virtual, virtualizer, indexOf, shown, before, after } = useVirtualRows(rows, {
    from: VIRTUAL_FROM,
    rowHeight: height,
    keyOf: tripKey,
  });
  // A goal's link to a trip far down a long table: scrolled to once, so its row is drawn (and its
  // field, focused, brings it into view); a table that draws every row needs nothing.
  const scrolledTo = useRef<string | null>(null);
  const targetId = focusTrip?.id ?? null;
  useEffect(() => {
    if (!virtual || targetId === null || scrolledTo.current === targetId) return;
    const index = rows.findIndex((trip) => trip.id === targetId);
    if (index < 0) return;
    scrolledTo.current = targetId;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [virtual, targetId, rows, virtualizer]);
  const navigate = useNavigate();
  // One handler for every row's symbol link: a router Link in each row would re-render with every
  // navigation (a filter change is one) and cost a location built per row.
  const openNotes = (trip: ClosedTrade) => (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ to: '/journal', search: notesSearch(trip) });
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
              <th scope="col" title="Maximum adverse excursion: the worst the trade went against you">
                MAE
              </th>
              <th scope="col" title="Maximum favorable excursion: the best the trade went for you">
                MFE
              </th>
              <th scope="col" title="Winners: the share of the best available exit you took">
                Exit eff.
              </th>
              <th scope="col">Tags</th>
            </tr>
          </thead>
          {rows.length === 0 && (
            <tbody>
              <tr>
                <td colSpan={TRIP_COLUMNS.length + TRIP_EXTRA_COLUMNS} className="muted trip-table__empty">
                  No closed trades match.
                </td>
              </tr>
            </tbody>
          )}
          {before > 0 && (
            <tbody>
              <tr className="spacer-row" style={{ height: before }}>
                <td colSpan={TRIP_COLUMNS.length + TRIP_EXTRA_COLUMNS} />
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
                excursion={excursionOf(excursions, trip, trades)}
                {...(focusTrip?.id === trip.id ? { focus: focusTrip.field } : {})}
              />
            </tbody>
          ))}
          {after > 0 && (
            <tbody>
              <tr className="spacer-row" style={{ height: after }}>
                <td colSpan={TRIP_COLUMNS.length + TRIP_EXTRA_COLUMNS} />
              </tr>
            </tbody>
          )}
        </table>
      </div>
    </>
  );
}
