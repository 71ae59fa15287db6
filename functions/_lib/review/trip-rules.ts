/**
 * `journal/trades/rules` (docs/trades.md, "Rules by week"): the rules of the lessons the member
 * finished, checked on every closed round trip of their journal, for the weekly count on /trades.
 * Worked out when asked, not stored: a lesson finished, a stop planned or a note written counts at
 * once. The browser counts the weeks over the trips its filters keep (courses/rule-weeks.ts).
 */
import type { z } from 'zod';
import type { MembershipGate } from '../billing/gate.ts';
import type { reviewApi } from '../contract/review.ts';
import { progressKeys } from '../courses/progress-keys.ts';
import { rulesTakenReads } from '../courses/rules-taken.ts';
import { checkTradeRule, ruleLabel } from '../courses/trade-rules.ts';
import type { Deps } from '../deps.ts';
import { journalKeys } from '../journal/keys.ts';
import { flatEntries } from '../store.ts';
import { readActions } from '../trade-store/actions.ts';
import { readFlatSellAnswers, withSent } from '../trade-store/flat-sell-answers.ts';
import { tradeKeys } from '../trade-store/keys.ts';
import { readTrades } from '../trade-store/trades.ts';
import { readNote } from '../trade-store/trip-tags.ts';
import type { FlatSellAnswer } from '../trades/round-trips.ts';
import { tripSignature } from '../trades/trip-signature.ts';
import { noteSaveTimesById } from './plan-notes.ts';
import { storedTrips } from './stored-trips.ts';
import { tripFacts } from './trip-facts.ts';

export type TripRules = z.infer<(typeof reviewApi)['journal/trades/rules']['response']>;

/**
 * Two round trips (the gate's with the journal's ids, notes and the course progress; the trades),
 * two more when a finished lesson asks for a written plan (the notes naming each symbol, their save
 * times); one alone when no finished lesson teaches a rule.
 */
export async function tripRules(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  answers: Readonly<Record<string, FlatSellAnswer>> = {},
): Promise<TripRules> {
  const { sub } = gate.caller;
  const courseReads = rulesTakenReads(sub);
  const [ids, actionsReply, notesReply, accountSize, answersReply, ...progress] = await gate.exec<
    [string[], unknown, unknown, string | null, unknown, ...unknown[]]
  >(
    courseReads.add(
      gate
        .pipeline()
        .zrange(tradeKeys.trades(sub), 0, -1)
        .hgetall(tradeKeys.actions(sub))
        .hgetall(tradeKeys.tripNotes(sub))
        .hget(progressKeys.profile(sub), 'accountSize')
        .hgetall(tradeKeys.flatSellAnswers(sub)),
    ),
  );
  const given = withSent(readFlatSellAnswers(answersReply), answers);
  const taken = courseReads.taken(progress);
  const rules = taken.map(({ rule, course, module, lesson, title, href }) => ({
    kind: rule.kind,
    label: ruleLabel(rule),
    lesson: { course, module, lesson, title, href },
  }));
  if (taken.length === 0) return { rules, trips: {} };

  const trades = await readTrades(deps.store, sub, ids);
  const notes = new Map(flatEntries(notesReply).map(([id, raw]) => [id, readNote(raw)]));
  const closed = storedTrips(trades, readActions(actionsReply), given).map(({ trip, fills }) => ({
    trip,
    fills,
    opening: fills[0].symbol,
    exitAt: (fills.at(-1) ?? fills[0]).time,
  }));
  // A plan is written before entry, naming the symbol the trip opened as (as the review reads it).
  const noteTimes = taken.some(({ rule }) => rule.kind === 'plan-note-before-entry')
    ? await notesBySymbol(
        deps.store,
        sub,
        closed.map((c) => c.opening),
      )
    : new Map<string, number[]>();

  const trips: TripRules['trips'] = {};
  for (const { trip, fills, opening, exitAt } of closed) {
    const note = notes.get(trip.id) ?? { tags: [], risk: null };
    const facts = tripFacts(trip, fills, note, accountSize || null, noteTimes.get(opening) ?? []);
    trips[trip.id] = {
      sig: tripSignature(trip, exitAt),
      exitAt,
      outcomes: taken.map(({ rule }) => checkTradeRule(rule, facts).outcome),
    };
  }
  return { rules, trips };
}

/** The save times of the journal notes naming each symbol ($CASHTAG): two round trips. */
async function notesBySymbol(
  store: Deps['store'],
  sub: string,
  symbols: readonly string[],
): Promise<Map<string, number[]>> {
  const unique = [...new Set(symbols)];
  if (unique.length === 0) return new Map();
  const pipe = store.pipeline();
  for (const symbol of unique) pipe.smembers(journalKeys.symbol(sub, symbol));
  const idsBySymbol = (await pipe.exec()) as string[][];
  const noteIds = [...new Set(idsBySymbol.flat())];
  const times = await noteSaveTimesById(store, sub, noteIds);
  return new Map(
    unique.map((symbol, i) => [symbol, (idsBySymbol[i] ?? []).flatMap((id) => times.get(id) ?? [])]),
  );
}
