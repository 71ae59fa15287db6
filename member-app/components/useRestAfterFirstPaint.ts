import { startTransition, useEffect, useState } from 'react';

/** Set once a page has shown its rest: later pages draw everything at once. */
let restShown = false;

/**
 * Whether a page may draw what lies below its first screen. The visit's first page draws its first
 * screen alone, then the rest when the browser is idle, in a transition that yields while it works:
 * the first paint waits on a handful of cards, not on every card (docs/benchmarks.md, Lighthouse).
 * What comes later is added below what is drawn, so nothing on screen moves.
 */
export function useRestAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(restShown);
  useEffect(() => {
    if (ready) return;
    const show = () =>
      startTransition(() => {
        restShown = true;
        setReady(true);
      });
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(show, { timeout: 500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(show, 50);
    return () => clearTimeout(id);
  }, [ready]);
  return ready;
}
