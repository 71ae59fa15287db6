import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { dayWindow } from '../trades/time-zone.ts';
import type { NoteFilter } from './journal-page-data.ts';
import { focusKeyOf, type JournalSearch } from './journal-search.ts';

/**
 * What the page is narrowed to, read from the address: a symbol (`symbol`), a market-time day
 * (`day`) and the note a link names (`note`). Picking one navigates and the page follows the
 * address. A category filter is the one pick the address does not carry (docs/product.md §2).
 */
export function useJournalSelection(search: JournalSearch) {
  const navigate = useNavigate({ from: '/journal' });
  const [category, setCategory] = useState<string | null>(null);
  // A symbol in the address (a link, or a pick in the sidebar) wins over a category picked before it.
  const filter: NoteFilter | null = search.symbol
    ? { symbol: search.symbol }
    : category
      ? { category_id: category }
      : null;
  const day = search.day ?? null;
  const dayRange = useMemo(() => (day ? dayWindow(day) : null), [day]);
  const focusKey = focusKeyOf(search);
  // The link focus the page has acted on (its note opened): a pick in the sidebar changes the
  // address too, but only narrows the list, so it counts as handled at once.
  const handled = useRef(focusKey);

  /** The sidebar: a symbol or a category to filter by, or none. */
  const pickFilter = (next: NoteFilter | null) => {
    const symbol = next && 'symbol' in next ? next.symbol : undefined;
    setCategory(next && 'category_id' in next ? next.category_id : null);
    if (symbol === search.symbol) return;
    const { symbol: _symbol, ...rest } = search;
    handled.current = focusKeyOf(symbol ? { ...rest, symbol } : rest);
    void navigate({
      search: ({ symbol: _symbol, ...rest }) => (symbol ? { ...rest, symbol } : rest),
    });
  };

  return {
    filter,
    day,
    dayRange,
    focusKey,
    handled,
    pickFilter,
    /** × on the day banner: every day again (and no note named). */
    clearDay: () => void navigate({ search: ({ day: _day, note: _note, ...rest }) => rest }),
    /** A round trip's link: that day's notes on the symbol; without a day, the trade journal on it. */
    openTrades: ({ symbol, day: picked }: { symbol: string; day?: string }) =>
      void (picked
        ? navigate({ search: ({ note: _note, ...rest }) => ({ ...rest, symbol, day: picked }) })
        : navigate({ to: '/trades', search: { symbol } })),
  };
}
