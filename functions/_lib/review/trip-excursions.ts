/**
 * The MAE/MFE of a member's round trips as /trades shows them (docs/trades.md, "MAE and MFE on
 * /trades"): one hash per member, trip id → JSON { sig, excursion }, written by the background job
 * (refresh-excursions.ts) and by the trade review, read by `journal/trades/excursions`.
 */
import type { MembershipGate } from '../billing/gate.ts';
import type { Excursion } from '../contract/review.ts';
import { marketKeys } from '../market/keys.ts';
import { flatEntries, parseJson, type Store } from '../store.ts';
import { type FlatSellAnswers, readFlatSellAnswers } from '../trade-store/flat-sell-answers.ts';
import { tradeKeys } from '../trade-store/keys.ts';
import type { ClosedTrade } from '../trades/round-trips.ts';
import { tripSignature } from '../trades/trip-signature.ts';

/** `sig`: the trip it was measured for (trip-signature.ts), so the browser can tell a stale one. */
export interface StoredExcursion {
  sig: string;
  excursion: Excursion;
}

/** `exitAt`: the trip's last fill's instant (ms). */
export const storedExcursion = (trip: ClosedTrade, exitAt: number, excursion: Excursion): string =>
  JSON.stringify({ sig: tripSignature(trip, exitAt), excursion } satisfies StoredExcursion);

/** The trade review's fresh figure for one trip: one HSET. */
export async function storeExcursion(
  store: Store,
  sub: string,
  trip: ClosedTrade,
  exitAt: number,
  excursion: Excursion,
): Promise<void> {
  await store.hset(tradeKeys.tripExcursions(sub), { [trip.id]: storedExcursion(trip, exitAt, excursion) });
}

/** A raw HGETALL of the hash: the entries that read as stored ones (others are skipped). */
export function readExcursions(reply: unknown): Record<string, StoredExcursion> {
  const trips: Record<string, StoredExcursion> = {};
  for (const [id, raw] of flatEntries(reply)) {
    const value = parseJson<StoredExcursion>(raw);
    if (value && typeof value.sig === 'string' && value.excursion && typeof value.excursion === 'object')
      trips[id] = value;
  }
  return trips;
}

/**
 * `journal/trades/excursions`: every stored figure, whether the member is queued for the job (the
 * page polls while they are) and their stored answers to sales with nothing held (the page takes
 * those it lacks). One pipeline, with the membership check.
 */
export async function listExcursions(
  gate: MembershipGate,
): Promise<{ trips: Record<string, StoredExcursion>; pending: boolean; answers: FlatSellAnswers }> {
  const { sub } = gate.caller;
  const [reply, queued, answers] = await gate.exec<[unknown, unknown, unknown]>(
    gate
      .pipeline()
      .hgetall(tradeKeys.tripExcursions(sub))
      .zscore(marketKeys.queue, sub)
      .hgetall(tradeKeys.flatSellAnswers(sub)),
  );
  return {
    trips: readExcursions(reply),
    pending: queued !== null && queued !== undefined,
    answers: readFlatSellAnswers(answers),
  };
}
