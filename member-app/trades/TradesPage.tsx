import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { DayNotes } from './DayNotes.tsx';
import { DayTrips } from './DayTrips.tsx';
import { DeleteTradeModal } from './DeleteTradeModal.tsx';
import { ExecutionsTable } from './ExecutionsTable.tsx';
import { useFlatSellAnswers } from './flat-sell-answers.ts';
import { ImportTrades } from './import/ImportTrades.tsx';
import { OpenPositions } from './OpenPositions.tsx';
import { TagManager } from './TagManager.tsx';
import { TradeStatsPanel } from './TradeStatsPanel.tsx';
import { TripExports } from './TripExports.tsx';
import { TripFiltersBar } from './TripFiltersBar.tsx';
import { TripTable } from './TripTable.tsx';
import { marketToday } from './time-zone.ts';
import { tradesTarget } from './trades-target.ts';
import { tripExcursionsQuery } from './trip-excursions-data.ts';
import {
  filtersToSearch,
  oneDayOf,
  searchFilters,
  type TripFilters,
  type TripSearch,
} from './trip-filters.ts';
import { statsByCurrency } from './trip-stats.ts';
import { tripTagsQuery } from './trip-tags-data.ts';
import { NO_TAGS, useTrips } from './use-trips.ts';
// The page's styles, in this order (each rule where the one stylesheet had it).
import './trade-stats.css';
import './trades.css';
import './trip-table.css';
import { JOURNALS, PageSwitch } from '../components/PageSwitch.tsx';

// Loaded when the member first adds or edits a trade: the form is not part of reading the page.
// The split form is seldom needed: it loads after the page is drawn, with the trade form's chunk.
const CorporateActions = lazy(() =>
  import('./TradeFormModal.tsx').then((m) => ({ default: m.CorporateActions })),
);
const TradeFormModal = lazy(() => import('./TradeFormModal.tsx'));
// The MAE/MFE by setup: its own chunk, drawn once the figures have arrived.
const ExcursionsReport = lazy(() => import('./ExcursionsReport.tsx'));
// The course's rules broken per week: its own chunk, asked for once the trips are matched.
const RuleWeeksReport = lazy(() => import('./RuleWeeksReport.tsx'));
// Shown only to a journal that has them (sales with nothing held, closes of earlier positions): loaded then.
const FlatSellQuestions = lazy(() =>
  import('./FlatSellQuestions.tsx').then((m) => ({ default: m.FlatSellQuestions })),
);
const OpenedBefore = lazy(() => import('./OpenedBefore.tsx').then((m) => ({ default: m.OpenedBefore })));

/**
 * docs/product.md §2 Trade history, for members: filters (in the URL, validated by the route) that
 * drive the statistics and the closed trades table, the open positions, Add/Import Trades, and the
 * executions one click away. The data is useTrips'; this file lays it out.
 */
export function TradesPage({ search }: { search: TripSearch }) {
  const filters = useMemo(() => searchFilters(search), [search]);
  const tags = useQuery(tripTagsQuery()).data ?? NO_TAGS;
  const excursionsQuery = useQuery(tripExcursionsQuery());
  const excursions = excursionsQuery.data;
  const { answers, answer } = useFlatSellAnswers(excursions?.answers);
  const { trades, byId, total, isPending, matched, actions, outcomes, view } = useTrips(filters, {
    tags,
    summarise: statsByCurrency,
    sellsFromFlat: answers,
  });
  const navigate = useNavigate();
  const setFilters = (next: TripFilters, replace = false) =>
    void navigate({ to: '/trades', search: filtersToSearch(next), replace });
  const symbols = useMemo(() => [...new Set(trades.map((t) => t.symbol))].sort(), [trades]);
  const currencies = useMemo(() => [...new Set(trades.map((t) => t.currency ?? 'USD'))].sort(), [trades]);
  // One day picked (a calendar day, or today): that day's journal notes sit beside its trades.
  const oneDay = oneDayOf(filters, marketToday());
  const [shown, setShown] = useState<'trips' | 'executions'>('trips');
  const [editing, setEditing] = useState<Trade | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Trade | null>(null);
  const [target, setTarget] = useState(() => tradesTarget(location.hash));
  const [focusNote, setFocusNote] = useState(false);
  // A goal's link to a trade's note: once the trade is loaded, its form opens at the Note field,
  // over the executions (once: the trades read again after the save must not reopen it).
  useEffect(() => {
    const trade = target?.field === 'note' ? byId.get(target.id) : undefined;
    if (!trade) return;
    setTarget(null);
    setShown('executions');
    setFocusNote(true);
    setEditing(trade);
  }, [target, byId]);

  return (
    <section className="member-page trades" aria-labelledby="page-title">
      <PageSwitch label="Journals" items={JOURNALS} />
      <h1 id="page-title">Trade History</h1>
      <TripFiltersBar
        filters={filters}
        onChange={setFilters}
        tags={tags.tags}
        symbols={symbols}
        currencies={currencies}
      />
      <TradeStatsPanel
        groups={view?.summary ?? null}
        narrowed={Object.keys(filtersToSearch(filters)).length > 0}
        loaded={trades.length}
        total={total}
        onPickDay={(day) => setFilters({ ...filters, period: 'custom', from: day, to: day })}
      />
      {oneDay && <DayTrips day={oneDay} trips={view?.trips ?? []} />}
      <section className="trade-history" aria-labelledby="trade-history-title">
        <div className="trade-history__head">
          <h2 id="trade-history-title">Trades</h2>
          <div className="trade-history__actions">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              Add Trade
            </button>
            <ImportTrades />
          </div>
        </div>
        <fieldset className="trade-views">
          <legend className="visually-hidden">Show</legend>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-pressed={shown === 'trips'}
            onClick={() => setShown('trips')}
          >
            Closed trades
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-pressed={shown === 'executions'}
            onClick={() => setShown('executions')}
          >
            Executions
          </button>
          {view && view.trips.length > 0 && (
            <TripExports trips={view.trips} trades={byId} tags={tags} excursions={excursions} />
          )}
        </fieldset>
        {shown === 'trips' && (
          <TagManager
            tags={tags}
            onChanged={(from, to) => {
              if (filters.tag === from) setFilters({ ...filters, tag: to }, true);
            }}
          />
        )}
        {isPending ? (
          <p className="muted">Loading trades…</p>
        ) : shown === 'executions' ? (
          <ExecutionsTable trades={trades} onEdit={setEditing} onDelete={setDeleting} />
        ) : !view || !matched ? (
          <p className="muted">Loading trades…</p>
        ) : trades.length === 0 ? (
          <p className="muted">No trades yet: add your first trade.</p>
        ) : (
          <>
            {/* Asked once the answers kept for the member have been read (or could not be): one given
                on another device is not asked again. */}
            {matched.unresolved.length > 0 && excursionsQuery.isFetched && (
              <Suspense fallback={null}>
                <FlatSellQuestions
                  questions={matched.unresolved.map(({ fills, ...question }) => ({
                    ...question,
                    waiting: fills.length,
                  }))}
                  onAnswer={answer}
                  where="journal"
                />
              </Suspense>
            )}
            <TripTable view={view} trades={byId} tags={tags} excursions={excursions} target={target} />
            {matched.open_positions.length > 0 && (
              <>
                <h3 className="open-positions__title">Open positions</h3>
                <OpenPositions positions={matched.open_positions} />
              </>
            )}
            <Suspense fallback={null}>
              <CorporateActions actions={actions} outcomes={outcomes} />
            </Suspense>
            {matched.opened_before.length > 0 && (
              <Suspense fallback={null}>
                <OpenedBefore closes={matched.opened_before} trades={byId} />
              </Suspense>
            )}
          </>
        )}
      </section>
      {/* What has data of its own comes after the trades: the day's notes and the reports arrive once
          the page is drawn, and nothing above them, a button the member is about to press, may move
          when they do. */}
      {oneDay && <DayNotes day={oneDay} />}
      {view && excursions && (
        <Suspense fallback={null}>
          <ExcursionsReport trips={view.trips} trades={byId} tags={tags} excursions={excursions} />
        </Suspense>
      )}
      {view && (
        <Suspense fallback={null}>
          <RuleWeeksReport trips={view.trips} trades={byId} answers={answers} />
        </Suspense>
      )}
      {editing && (
        <Suspense>
          <TradeFormModal
            key={editing === 'new' ? 'new' : editing.trade_id}
            trade={editing === 'new' ? null : editing}
            focusNote={focusNote}
            newTradeId={() => newId('trade_')}
            onClose={() => {
              setEditing(null);
              setFocusNote(false);
            }}
          />
        </Suspense>
      )}
      {deleting && <DeleteTradeModal trade={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
