/**
 * A module's practice goal counted on the member's own journal (docs/courses.md "Goal kinds"). Pure:
 * the caller reads the journal parts `goalNeeds` asks for and hands them in. Round trips come from
 * the server's one matcher (trades/round-trips.ts over stored trades), so a trip here is exactly a
 * trip on /trades: a position still open is not one, nor is a sell of shares bought before the
 * journal starts (the matcher keeps those apart as `opened_before`).
 */
import type { Trade } from '../contract/trades.ts';
import type { TripNote } from '../trade-store/trip-tags.ts';
import { toDecimal } from '../trades/money.ts';
import { type ClosedTrade, matchRoundTrips } from '../trades/round-trips.ts';
import { tradesToExecutions } from '../trades/stored-trades.ts';
import { type TripTag, tagId } from '../trades/tags.ts';
import type { Goal, GoalKind } from './course-schema.ts';
import { goalCounts, goalSentence } from './goals.ts';

export interface GoalJournal {
  /** Every trade of the member (contract/trades.ts Trade), any order. */
  trades: readonly Trade[];
  /** Round-trip id (its opening trade's id) → what the member noted: tags (tag ids) and planned risk. */
  tripNotes: Readonly<Record<string, TripNote>>;
  /** The member's tags (trades/tags.ts TripTag). */
  tags: readonly TripTag[];
  /** How many journal notes mention at least one $cashtag. */
  cashtagNotes: number;
  /** The member's stated account size in dollars (decimal string), or null if never stated. */
  accountSize: string | null;
}

export interface GoalProgress {
  kind: GoalKind;
  /** goalSentence(goal). */
  sentence: string;
  count: number;
  target: number;
  /** count >= target. */
  met: boolean;
  /** Where in the app the member does it: the very field when there is one (docs/courses.md). */
  href: string;
  /** The link's words, e.g. "Write the note of your latest trade". */
  action: string;
  /** What counts and where it is entered (goals.ts goalCounts). */
  counts: string;
  /** One line when progress cannot be counted yet, e.g. "State your account size to count this goal". */
  hint?: string;
}

export interface GoalNeeds {
  trades: boolean;
  tripNotes: boolean;
  tags: boolean;
  cashtagNotes: boolean;
  accountSize: boolean;
}

type Part = keyof GoalNeeds;

const NEEDS: Record<GoalKind, readonly Part[]> = {
  'closed-trips-with-risk': ['trades', 'tripNotes'],
  'tagged-trips': ['trades', 'tripNotes', 'tags'],
  'cashtag-notes': ['cashtagNotes'],
  'reviewed-trades': ['trades'],
  'max-position-week': ['trades', 'accountSize'],
};

/** Which journal parts a set of goals needs, so the reader only loads those. */
export function goalNeeds(goals: readonly Goal[]): GoalNeeds {
  const needs: GoalNeeds = {
    trades: false,
    tripNotes: false,
    tags: false,
    cashtagNotes: false,
    accountSize: false,
  };
  for (const goal of goals) for (const part of NEEDS[goal.kind]) needs[part] = true;
  return needs;
}

/**
 * Closed round trips of the journal. Wall times are UTC (the stored-trades default), which is what
 * the weeks of max-position-week are counted in. A trip's id is its opening trade's id, the key of
 * tripNotes (the page pairs them the same way), so notes left by deleted trades match no trip.
 */
const closedTrips = (trades: readonly Trade[]): ClosedTrade[] =>
  matchRoundTrips(tradesToExecutions(trades)).closed_trades;

/** The member's tags that `goal.tag` names: by name, any kind, case-insensitive; or the setup tag's id. */
function goalTags(tag: string, tags: readonly TripTag[]): TripTag[] {
  const name = tag.toLowerCase();
  const setupId = tagId('setup', tag);
  return tags.filter((t) => t.name.toLowerCase() === name || t.id === setupId);
}

const DAY_MS = 86_400_000;

/** The Monday (UTC, ms) of the ISO week of a UTC wall time `YYYY-MM-DDTHH:MM:SS`. */
function weekOf(wallTime: string): number {
  const day = Date.parse(`${wallTime.slice(0, 10)}T00:00:00Z`);
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
}

/**
 * Weeks with at least one closed round trip and no position over `percent`% of the account size.
 * A position is a trip's entry cost (Σ qty × price of its opening fills: shares × average entry, as
 * the matcher reports it). It spoils every week it was held in, entry week to exit week; a week
 * counts when a trip closed in it. Only USD trips are looked at: the account size is in dollars and
 * the journal has no exchange rates, so a CAD or EUR position cannot be compared with it honestly.
 */
function safeWeeks(trips: readonly ClosedTrade[], accountSize: string, percent: number): number {
  const limit = toDecimal(accountSize).times(percent).div(100);
  const closedIn = new Set<number>();
  const spoiled = new Set<number>();
  for (const trip of trips) {
    if (trip.currency !== 'USD') continue;
    const last = weekOf(trip.exit);
    closedIn.add(last);
    if (toDecimal(trip.cost).lte(limit)) continue;
    for (let week = weekOf(trip.entry); week <= last; week += 7 * DAY_MS) spoiled.add(week);
  }
  let count = 0;
  for (const week of closedIn) if (!spoiled.has(week)) count++;
  return count;
}

/** A stated account size a limit can be worked out from: a plain decimal above zero. */
const usableSize = (size: string | null): size is string =>
  size !== null && /^\d{1,15}(?:\.\d{1,8})?$/.test(size.trim()) && /[1-9]/.test(size);

interface Counted {
  count: number;
  href: string;
  action: string;
  hint?: string;
}

/**
 * Deep links into /trades (member-app/trades/trades-target.ts): `#note=TRADE` opens that trade's
 * form at its Note field, `#tags=TRIP` and `#risk=TRIP` open that closed round trip at its tag box
 * or its planned risk. A fragment, so the route's search (in the app's first load) is untouched.
 */
const tradesAt = (field: 'note' | 'tags' | 'risk', id: string) =>
  `/trades#${field}=${encodeURIComponent(id)}`;
const OPEN_TRADES = { href: '/trades', action: 'Open your trades' };

/** The latest closed trip `pending` says still needs doing, as a link to `field` of it. */
function latestTrip(
  trips: readonly ClosedTrade[],
  pending: (trip: ClosedTrade) => boolean,
  field: 'tags' | 'risk',
) {
  const trip = trips.filter(pending).sort((a, b) => b.exit.localeCompare(a.exit))[0];
  return trip
    ? {
        href: tradesAt(field, trip.id),
        action: `${field === 'tags' ? 'Tag' : 'Plan the risk of'} your latest ${trip.symbol} trade`,
      }
    : OPEN_TRADES;
}

function count(goal: Goal, journal: GoalJournal): Counted {
  switch (goal.kind) {
    case 'closed-trips-with-risk': {
      const trips = closedTrips(journal.trades);
      const hasRisk = (trip: ClosedTrade) => (journal.tripNotes[trip.id]?.risk ?? null) !== null;
      return { count: trips.filter(hasRisk).length, ...latestTrip(trips, (t) => !hasRisk(t), 'risk') };
    }
    case 'tagged-trips': {
      const tag = goal.tag ?? '';
      const matching = goalTags(tag, journal.tags);
      const ids = new Set(matching.map((t) => t.id));
      const trips = closedTrips(journal.trades);
      const isTagged = (trip: ClosedTrade) =>
        journal.tripNotes[trip.id]?.tags.some((id) => ids.has(id)) ?? false;
      const counted = {
        count: trips.filter(isTagged).length,
        ...latestTrip(trips, (t) => !isTagged(t), 'tags'),
      };
      const first = matching[0];
      if (!first) return { ...counted, hint: `Tag round trips "${tag}" on your trades page` };
      // Every trip tagged already: the trades page filtered by the tag (trip-search.ts) shows them.
      if (counted.href === OPEN_TRADES.href)
        return {
          ...counted,
          href: `/trades?${new URLSearchParams({ tag: first.id })}`,
          action: 'See your tagged trades',
        };
      return counted;
    }
    case 'cashtag-notes':
      return { count: journal.cashtagNotes, href: '/journal', action: 'Open the journal' };
    case 'reviewed-trades': {
      const reviewed = journal.trades.filter((t) => t.note.trim() !== '').length;
      const next = journal.trades.filter((t) => t.note.trim() === '').sort((a, b) => b.time - a.time)[0];
      if (next)
        return {
          count: reviewed,
          href: tradesAt('note', next.trade_id),
          action: `Write the note of your latest ${next.symbol} trade`,
        };
      return {
        count: reviewed,
        ...OPEN_TRADES,
        ...(reviewed === 0 ? { hint: 'Add or import a trade first' } : {}),
      };
    }
    case 'max-position-week': {
      if (!usableSize(journal.accountSize))
        return { count: 0, ...OPEN_TRADES, hint: 'State your account size to count this goal' };
      const trips = closedTrips(journal.trades);
      return { count: safeWeeks(trips, journal.accountSize.trim(), goal.percent ?? 0), ...OPEN_TRADES };
    }
  }
}

/** How far the member is towards one goal, counted on their journal. */
export function goalProgress(goal: Goal, journal: GoalJournal): GoalProgress {
  const { count: n, href, action, hint } = count(goal, journal);
  return {
    kind: goal.kind,
    sentence: goalSentence(goal),
    count: n,
    target: goal.target,
    met: n >= goal.target,
    href,
    action,
    counts: goalCounts(goal),
    ...(hint ? { hint } : {}),
  };
}
