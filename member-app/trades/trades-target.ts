/**
 * A link to one field of /trades, as a practice goal gives it (docs/courses.md "Practice goals"):
 * `#note=TRADE` opens that trade's form at its Note field, `#tags=TRIP` and `#risk=TRIP` open that
 * closed round trip at its tag box or its planned risk. A fragment, not the search: the route's
 * search rules are in the app's first load, and a fragment is the page's own. Read once when the
 * page opens; an id no trade or trip has does nothing.
 */
export interface TradesTarget {
  field: 'note' | 'tags' | 'risk';
  id: string;
}

export function tradesTarget(hash: string): TradesTarget | null {
  const match = /^#(note|tags|risk)=([\w-]{1,100})$/.exec(hash);
  return match ? { field: match[1] as TradesTarget['field'], id: match[2] as string } : null;
}
