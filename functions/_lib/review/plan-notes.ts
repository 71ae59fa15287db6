import type { Deps } from '../deps.ts';
import { journalKeys } from '../journal/keys.ts';
import { marketDay } from '../market/market-day.ts';

/**
 * When each of the given journal notes was last saved (ms): one pipeline, none for no notes. The
 * trip's loader asks for the notes naming its symbol ($CASHTAG) beside its trades.
 */
export async function noteSaveTimes(
  store: Deps['store'],
  sub: string,
  ids: readonly string[],
): Promise<number[]> {
  return [...(await noteSaveTimesById(store, sub, ids)).values()];
}

/** The same, by note id (notes without a readable time are left out). */
export async function noteSaveTimesById(
  store: Deps['store'],
  sub: string,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  if (ids.length === 0) return times;
  const pipe = store.pipeline();
  for (const id of ids) pipe.hget(journalKeys.note(sub, id), 'timestamp');
  ((await pipe.exec()) as unknown[]).forEach((raw, i) => {
    const at = Number(raw);
    if (Number.isFinite(at) && at > 0) times.set(ids[i] as string, at);
  });
  return times;
}

/**
 * How many of those notes were last saved on the entry's market day before its first fill: the
 * "written plan before entry" a lesson may ask for. A note edited after the entry counts from that
 * edit (the journal keeps when a note was last saved, not when it was begun).
 */
export function notesBeforeEntry(saved: readonly number[], firstFillMs: number): number {
  const day = marketDay(firstFillMs);
  return saved.filter((at) => at < firstFillMs && marketDay(at) === day).length;
}
