import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { JournalSearch } from './journal-search.ts';

/** docs/product.md §4 Route guards: the in-app prompt when leaving with unsaved changes. */
export const LEAVE_MESSAGE = "You haven't saved your changes yet. Are you sure you want to leave?";

/**
 * docs/product.md §4, while the open note has unsaved changes: the address says `saved=false`,
 * leaving for another route asks first, and closing or reloading the tab gets the browser's warning.
 * `dirty` is the editor's state, not the address's: the address follows it.
 */
export function useUnsavedGuard(dirty: boolean, saved: JournalSearch['saved'], isDirty: () => boolean) {
  const navigate = useNavigate({ from: '/journal' });
  useEffect(() => {
    if ((saved === false) === dirty) return;
    void navigate({
      search: ({ saved: _saved, ...rest }) => (dirty ? { ...rest, saved: false as const } : rest),
      replace: true,
    });
  }, [dirty, saved, navigate]);

  useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (next.pathname === current.pathname) return false;
      if ((current.search as JournalSearch).saved !== false) return false;
      return !window.confirm(LEAVE_MESSAGE);
    },
    // The browser's own leave warning while unsaved (docs/product.md §4 'Sure?'; browsers show their own words).
    enableBeforeUnload: isDirty,
  });
}
