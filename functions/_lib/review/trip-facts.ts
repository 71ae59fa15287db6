import type { Trade } from '../contract/trades.ts';
import type { TripFacts } from '../courses/trade-rules.ts';
import type { TripNote } from '../trade-store/trip-tags.ts';
import type { ClosedTrade } from '../trades/round-trips.ts';
import { notesBeforeEntry } from './plan-notes.ts';
import { tripFills } from './trip-fills.ts';

/**
 * What the course's rules are checked on for one closed trip (trade-rules.ts): its fills as MAE/MFE
 * measures them, what the member planned on it, their account size and the journal notes naming its
 * symbol (their save times, ms). The review and the weekly report build it the same way.
 */
export function tripFacts(
  trip: ClosedTrade,
  fills: readonly Trade[],
  note: TripNote,
  accountSize: string | null,
  noteTimes: readonly number[],
): TripFacts {
  return {
    side: trip.side,
    fills: tripFills(trip, fills),
    dateOnly: fills.some((fill) => fill.dateOnly === true),
    risk: note.risk,
    stop: note.stop ?? null,
    accountSize,
    notesBefore: notesBeforeEntry(noteTimes, fills[0]?.time ?? 0),
  };
}
