import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

/**
 * Rows of a long table drawn only while on screen (a busy journal has 10,000+), as a real table:
 * the rows before and after the window are two spacer rows of their height. Below `from` rows every
 * row is drawn, so short tables keep their natural layout and in-page search.
 */
export function useVirtualRows<T>(
  rows: readonly T[],
  {
    from,
    rowHeight,
    keyOf,
  }: {
    from: number;
    rowHeight: number;
    /** A row's own key: a size measured for it stays with it when sorting or filtering moves it. */
    keyOf?: (row: T) => string;
  },
) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > from;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    ...(keyOf ? { getItemKey: (index: number) => (rows[index] ? keyOf(rows[index]) : index) } : {}),
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const shown = virtual ? items.flatMap((item) => rows[item.index] ?? []) : rows;
  return {
    scroller,
    virtual,
    virtualizer,
    /** The index in `rows` of the i-th row shown (for measuring rows of different heights). */
    indexOf: (i: number) => (virtual ? items[i]?.index : undefined),
    shown,
    before: virtual ? (items[0]?.start ?? 0) : 0,
    after: virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0,
  };
}
