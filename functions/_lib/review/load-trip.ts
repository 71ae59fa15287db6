import type { MembershipGate } from '../billing/gate.ts';
import type { Trade, TradeAction } from '../contract/trades.ts';
import { progressKeys } from '../courses/progress-keys.ts';
import { type RuleTaken, rulesTakenReads } from '../courses/rules-taken.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { journalKeys } from '../journal/keys.ts';
import { parseJson } from '../store.ts';
import { readActions } from '../trade-store/actions.ts';
import { readFlatSellAnswers, withSent } from '../trade-store/flat-sell-answers.ts';
import { tradeKeys } from '../trade-store/keys.ts';
import { readTrades } from '../trade-store/trades.ts';
import { readNote, readTags, type TripNote } from '../trade-store/trip-tags.ts';
import type { ClosedTrade, FlatSellAnswer } from '../trades/round-trips.ts';
import type { TripTag } from '../trades/tags.ts';
import { noteSaveTimes } from './plan-notes.ts';
import { storedTrips } from './stored-trips.ts';

/** One closed round trip of the caller, matched on the server exactly as /trades matches it. */
export interface LoadedTrip {
  trip: ClosedTrade;
  /** Its fills as stored, in the trip's order. */
  fills: Trade[];
  note: TripNote;
  tags: TripTag[];
  accountSize: string | null;
  /** The rules of the course lessons the member has finished. */
  rules: RuleTaken[];
  /** When each journal note naming the trip's opening symbol was last saved (ms). */
  noteTimes: number[];
}

/**
 * The symbols whose fills can belong to a trip of `symbol`: itself, and every symbol a rename
 * links it to (a position opened as ABC and closed as XYZ after a symbol change).
 */
export function linkedSymbols(symbol: string, actions: readonly TradeAction[]): string[] {
  const linked = new Set([symbol]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const action of actions) {
      if (action.kind !== 'rename' || !action.toSymbol) continue;
      const ends = [action.symbol, action.toSymbol];
      if (ends.some((s) => linked.has(s)) && !ends.every((s) => linked.has(s))) {
        for (const s of ends) linked.add(s);
        grew = true;
      }
    }
  }
  return [...linked];
}

/**
 * Reads the trip whose id (its opening fill's trade id) is `tripId`: three round trips whatever the
 * journal's size. The first (with the membership check) reads the opening trade, the splits and
 * renames, what the member noted on the trip, the tags, the account size and the course progress
 * the rules follow from; the second the ids of every trade of the symbol (and of symbols a rename
 * links to) and of the journal notes naming it; the third those trades and the notes' save times,
 * side by side. Only that
 * symbol's fills are matched: a round trip never spans symbols but through a rename, and the order
 * the matcher sorts by does not depend on other symbols, so the trip is the one /trades shows.
 * `answers` are the page's answers to sales with nothing held, on top of the stored ones.
 */
export async function loadTrip(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  tripId: string,
  answers: Readonly<Record<string, FlatSellAnswer>> = {},
): Promise<LoadedTrip> {
  const { sub } = gate.caller;
  const courseReads = rulesTakenReads(sub);
  const [opening, actionsReply, noteReply, tagsReply, accountSize, answersReply, ...progress] =
    await gate.exec<[unknown, unknown, unknown, unknown, string | null, unknown, ...unknown[]]>(
      courseReads.add(
        gate
          .pipeline()
          .get(tradeKeys.trade(sub, tripId))
          .hgetall(tradeKeys.actions(sub))
          .hget(tradeKeys.tripNotes(sub), tripId)
          .hgetall(tradeKeys.tags(sub))
          .hget(progressKeys.profile(sub), 'accountSize')
          .hgetall(tradeKeys.flatSellAnswers(sub)),
      ),
    );
  const given = withSent(readFlatSellAnswers(answersReply), answers);
  const first = parseJson<Trade>(opening);
  if (!first) throw notFound(`No trade ${tripId} in your journal`);
  const actions = readActions(actionsReply);
  const symbols = linkedSymbols(first.symbol, actions);
  const pipe = deps.store.pipeline();
  for (const symbol of symbols) pipe.zrange(tradeKeys.symbol(sub, symbol), 0, -1);
  // The journal notes naming the symbol the trip opened as (a plan is written before entry).
  pipe.smembers(journalKeys.symbol(sub, first.symbol));
  const replies = (await pipe.exec()) as string[][];
  const noteIds = replies.pop() ?? [];
  const ids = [...new Set(replies.flat())];
  const [trades, noteTimes] = await Promise.all([
    readTrades(deps.store, sub, ids),
    noteSaveTimes(deps.store, sub, noteIds),
  ]);
  const found = storedTrips(trades, actions, given).find(({ trip }) => trip.id === tripId);
  if (!found) throw notFound(`Trade ${tripId} does not open a closed round trip in your journal`);
  const { trip, fills } = found;
  const note = readNote(noteReply);
  const allTags = readTags(tagsReply);
  return {
    trip,
    fills,
    note,
    tags: allTags.filter((tag) => note.tags.includes(tag.id)),
    accountSize: accountSize || null,
    rules: courseReads.taken(progress),
    noteTimes,
  };
}
