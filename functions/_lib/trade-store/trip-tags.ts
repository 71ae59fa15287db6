import type { MembershipGate } from '../billing/gate.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { queueMember } from '../market/sync-queue.ts';
import { flatEntries, parseJson } from '../store.ts';
import {
  cleanTagName,
  MAX_TAGS,
  MAX_TAGS_PER_TRIP,
  type TagKind,
  type TripTag,
  tagId,
} from '../trades/tags.ts';
import { tradeKeys } from './keys.ts';
import { EDIT_TAG, TAG_TRIPS } from './scripts.ts';

/** What a member noted on one round trip: tag ids, the planned risk in dollars, the planned stop and target prices. */
export interface TripNote {
  tags: string[];
  risk: string | null;
  /** Present once set (a price; absent, not null, so notes written before them read the same). */
  stop?: string;
  target?: string;
}

export interface TripTagsAnswer {
  tags: TripTag[];
  trips: Record<string, TripNote>;
}

/** A stored note as written by the script (Lua writes an empty list as `{}`, no risk as ''). */
export function readNote(raw: unknown): TripNote {
  const note = parseJson<{ tags?: unknown; risk?: unknown; stop?: unknown; target?: unknown }>(raw) ?? {};
  const tags = Array.isArray(note.tags) ? note.tags.filter((id): id is string => typeof id === 'string') : [];
  const risk = typeof note.risk === 'string' && note.risk !== '' ? note.risk : null;
  const level = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const stop = level(note.stop);
  const target = level(note.target);
  return { tags, risk, ...(stop ? { stop } : {}), ...(target ? { target } : {}) };
}

export function readTags(reply: unknown): TripTag[] {
  return flatEntries(reply)
    .flatMap(([, json]) => {
      const tag = parseJson<TripTag>(json);
      return tag ? [tag] : [];
    })
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}

/**
 * Every tag the member defined and every round trip they noted: one round trip, the membership
 * check riding in the same pipeline.
 */
export async function readTripTags(gate: MembershipGate): Promise<TripTagsAnswer> {
  const { sub } = gate.caller;
  const [tags, notes] = await gate.exec<[unknown, unknown]>(
    gate.pipeline().hgetall(tradeKeys.tags(sub)).hgetall(tradeKeys.tripNotes(sub)),
  );
  return readAnswer(tags, notes);
}

/** Raw HGETALL replies of the tags and trip-notes hashes, read. */
export function readAnswer(tags: unknown, notes: unknown): TripTagsAnswer {
  const trips: Record<string, TripNote> = {};
  for (const [trip, json] of flatEntries(notes)) trips[trip] = readNote(json);
  return { tags: readTags(tags), trips };
}

export interface TagTripsInput {
  trip_ids: string[];
  define?: { name: string; kind: TagKind }[] | undefined;
  add?: string[] | undefined;
  remove?: string[] | undefined;
  /** Planned risk in dollars; null clears it, absent keeps it. */
  risk?: string | null | undefined;
  /** Planned stop and target prices; null clears one, absent keeps it. */
  stop?: string | null | undefined;
  target?: string | null | undefined;
}

/** A kept/cleared/set field as the script reads it: '' keeps, '-' clears, anything else sets. */
const scriptValue = (value: string | null | undefined) =>
  value === undefined ? '' : value === null ? '-' : value;

/**
 * Tags (and a planned risk on) round trips in bulk, all or nothing. Two round trips: the gate's
 * pipeline checks that every id is one of the caller's trades (another member's id is simply not in
 * the caller's list) and reads the tags, then one script applies the edit and enforces the caps
 * atomically (calls at once cannot pass them).
 */
export async function tagTrips(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: TagTripsInput,
): Promise<TripTagsAnswer> {
  const { sub } = gate.caller;
  const trips = [...new Set(input.trip_ids)];
  const define = (input.define ?? []).map(({ name, kind }) => {
    const clean = cleanTagName(name);
    if (!clean) throw badTagName(name);
    return { id: tagId(kind, clean), name: clean, kind };
  });
  const [scores, stored] = await gate.exec<[Array<number | string | null> | null, unknown]>(
    gate.pipeline().zmscore(tradeKeys.trades(sub), trips).hgetall(tradeKeys.tags(sub)),
  );
  const unknownTrip = trips.find((_, i) => scores?.[i] === null || scores?.[i] === undefined);
  if (unknownTrip) throw notFound(`No trade ${unknownTrip} in your journal`);
  const write = deps.store
    .pipeline()
    .eval(
      TAG_TRIPS,
      [tradeKeys.tags(sub), tradeKeys.tripNotes(sub)],
      [
        String(MAX_TAGS),
        String(MAX_TAGS_PER_TRIP),
        JSON.stringify(define.map((tag) => [tag.id, JSON.stringify(tag)])),
        JSON.stringify(input.add ?? []),
        JSON.stringify(input.remove ?? []),
        scriptValue(input.risk),
        scriptValue(input.stop),
        scriptValue(input.target),
        ...trips,
      ],
    );
  // A planned risk changes MAE/MFE in R (and a stop the rules): measured again in the background,
  // queued in the same round trip.
  if (input.risk !== undefined || input.stop !== undefined) queueMember(write, sub, deps.now());
  const [reply] = (await write.exec()) as [string[]];
  const [outcome, detail] = reply;
  if (outcome === 'tags') throw new HttpError(422, `You can define at most ${MAX_TAGS} tags`);
  if (outcome === 'unknown') throw badRequest(`Unknown tag ${detail}: define it first`);
  if (outcome === 'trip')
    throw new HttpError(422, `A trade can carry at most ${MAX_TAGS_PER_TRIP} tags (${detail})`);
  const tags = readTags(stored);
  for (const tag of define) if (!tags.some((t) => t.id === tag.id)) tags.push(tag);
  const notes: Record<string, TripNote> = {};
  trips.forEach((trip, i) => {
    notes[trip] = readNote(reply[i + 1]);
  });
  return { tags, trips: notes };
}

/**
 * Renames a tag (kind kept) on every round trip that carries it, or deletes it from all of them:
 * what a member does when the 100 tags are used up or a word was wrong. Renaming onto another tag
 * of the same kind merges the two. Two round trips: the gate's pipeline reads the tag, then one
 * script edits the tags and every note at once, answering the whole new state.
 */
export async function editTag(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  input: { tag_id: string; name?: string | undefined },
): Promise<TripTagsAnswer> {
  const { sub } = gate.caller;
  const [raw] = await gate.exec<[unknown]>(gate.pipeline().hget(tradeKeys.tags(sub), input.tag_id));
  const tag = parseJson<TripTag>(raw);
  if (!tag) throw notFound(`No tag ${input.tag_id} in your journal`);
  let into = '';
  let json = '';
  if (input.name !== undefined) {
    const name = cleanTagName(input.name);
    if (!name) throw badTagName(input.name);
    const renamed: TripTag = { id: tagId(tag.kind, name), name, kind: tag.kind };
    into = renamed.id;
    json = JSON.stringify(renamed);
  }
  const reply = (await deps.store.eval(
    EDIT_TAG,
    [tradeKeys.tags(sub), tradeKeys.tripNotes(sub)],
    [input.tag_id, into, json],
  )) as [string, unknown?, unknown?];
  // Deleted between the two round trips (another tab): the same answer as not there at all.
  if (reply[0] !== 'ok') throw notFound(`No tag ${input.tag_id} in your journal`);
  return readAnswer(reply[1], reply[2]);
}

const badTagName = (name: string) =>
  badRequest(`"${name}" is not a tag name: 1 to 40 letters, digits, spaces or - _ & / + # . '`);
