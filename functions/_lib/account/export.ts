/**
 * "Download my data" (docs/security.md, "Your data"): everything the product keeps of one member, as
 * one JSON file of a documented, versioned shape (EXPORT_FORMAT, EXPORT_VERSION). The member is the
 * token's subject; nothing in the request names anyone.
 *
 * Round trips: one pipeline reads every small part (profile, subscription, chat, course progress,
 * categories, tags, round trips, and the ids of notes and trades); then the notes are read 25 at a
 * time (bodies are up to 200 KB each) and the trades 1,000 at a time (MGET), each batch one round
 * trip, as the file is pulled: memory holds one batch whatever the journal's size.
 */
import type { Caller } from '../auth/verify.ts';
import { membershipKey, parseMembership } from '../billing/membership.ts';
import { chatKeys } from '../chat/keys.ts';
import { parseChatRecord } from '../chat/record.ts';
import { checkKeys, parseRecord } from '../courses/attempts.ts';
import { courseLibrary } from '../courses/library.ts';
import { progressKeys } from '../courses/progress-keys.ts';
import { parseCertificate } from '../courses/progress-read.ts';
import { parseWatch } from '../courses/watch.ts';
import type { Deps } from '../deps.ts';
import { logError } from '../http/log.ts';
import { journalKeys } from '../journal/keys.ts';
import { toNote } from '../journal/notes.ts';
import { memberKeys } from '../library/keys.ts';
import { memberMarketKeys } from '../market/keys.ts';
import { memberFields, opsKeys } from '../operator/keys.ts';
import { flatEntries, parseJson } from '../store.ts';
import { readFlatSellAnswers } from '../trade-store/flat-sell-answers.ts';
import { tradeKeys } from '../trade-store/keys.ts';
import { readAnswer } from '../trade-store/trip-tags.ts';

export const EXPORT_FORMAT = 'otc-edge-member-data';
/** Raised when a field changes meaning or goes; new fields alone keep it. */
export const EXPORT_VERSION = 1;
/** Notes read per round trip (each up to 200 KB). */
export const NOTE_BATCH = 25;
/** Trades read per round trip: a pipeline of MGETs of MGET_CHUNK keys each. */
export const TRADE_BATCH = 10_000;
const MGET_CHUNK = 1000;

/** The file's name: otc-edge-data-YYYY-MM-DD.json (UTC). */
export const exportFileName = (now: number) =>
  `otc-edge-data-${new Date(now).toISOString().slice(0, 10)}.json`;

const iso = (ms: unknown) =>
  typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;

const isJsonObject = (raw: unknown): raw is string => {
  const value = parseJson<unknown>(raw);
  return typeof value === 'object' && value !== null && !Array.isArray(value);
};

/** The modules with a knowledge check: their summary and attempts are the member's. */
const checkedModules = () =>
  courseLibrary.flatMap((course) =>
    course.modules.filter((m) => m.check).map((m) => ({ course: course.slug, module: m.id })),
  );

/** The member's data as a stream of JSON text, pulled batch by batch. */
export function exportMemberData(
  deps: Pick<Deps, 'store' | 'now'>,
  caller: Caller,
  request: Request,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const parts = memberDataParts(deps, caller);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await parts.next();
          if (next.done) return controller.close();
          controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          // The status went out with the first bytes: the file ends unparseable, never silently short.
          logError(request, error);
          controller.error(error);
        }
      },
    },
    { highWaterMark: 0 },
  );
}

/** The file's text in parts: the small things first, then notes and trades batch by batch. */
async function* memberDataParts(
  { store, now }: Pick<Deps, 'store' | 'now'>,
  caller: Caller,
): AsyncGenerator<string> {
  const { sub } = caller;
  const checks = checkedModules();
  const pipe = store
    .pipeline()
    .get(membershipKey(sub))
    .hgetall(opsKeys.member(sub))
    .get(chatKeys.member(sub))
    .hgetall(progressKeys.profile(sub))
    .hgetall(progressKeys.certificates(sub))
    .hgetall(progressKeys.watch(sub))
    .smembers(progressKeys.watched(sub))
    .smembers(progressKeys.articlesRead(sub))
    .hgetall(memberKeys.progress(sub))
    .hgetall(journalKeys.categories(sub))
    .hgetall(tradeKeys.tags(sub))
    .hgetall(tradeKeys.tripNotes(sub))
    .zrange(journalKeys.notes(sub), 0, -1, { rev: true })
    .zrange(tradeKeys.trades(sub), 0, -1)
    .hgetall(tradeKeys.flatSellAnswers(sub))
    .exists(memberMarketKeys(sub).key);
  for (const c of checks) {
    pipe
      .get(checkKeys.record(sub, c.course, c.module))
      .lrange(checkKeys.attempts(sub, c.course, c.module), 0, -1);
  }
  const replies = (await pipe.exec()) as unknown[];
  const [
    rawMembership,
    opsMember,
    rawChat,
    courseProfile,
    certificates,
    watch,
    watched,
    articlesRead,
    videoProgress,
    categories,
    tags,
    tripNotes,
    noteIds,
    tradeIds,
    flatSellAnswers,
    marketKeySaved,
  ] = replies;
  const checkReplies = replies.slice(16);
  const ops = Object.fromEntries(flatEntries(opsMember));
  const membership = parseMembership(rawMembership);
  const chat = parseChatRecord(rawChat);
  const { tags: tripTags, trips } = readAnswer(tags, tripNotes);

  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(now()).toISOString(),
    profile: {
      email: caller.email,
      // The trade time zone is a setting of the device (the app keeps it in the browser), not stored here.
      memberSince: iso(Number(ops[memberFields.signedUpAt]) || null),
      courseProfile: Object.fromEntries(flatEntries(courseProfile)),
    },
    subscription: membership && {
      plan: membership.plan,
      status: membership.status,
      currentPeriodEnd: iso(membership.currentPeriodEnd),
      autopay: !membership.cancelAtPeriodEnd,
      complimentary: membership.subscriptionId.startsWith('comp_'),
      // Card numbers are the card provider's: never here.
      promo: ops[memberFields.promo] ?? null,
      affiliateReferral: membership.referral ?? null,
    },
    chat: chat && { username: chat.username, linked: !chat.revoked, suspended: chat.suspended === true },
    // Whether the member saved a Massive key of their own (member mode): never the key, sealed or not.
    marketData: { ownKeySaved: marketKeySaved === 1 },
    courses: {
      certificates: flatEntries(certificates).flatMap(([course, json]) => {
        const certificate = parseCertificate(json);
        return certificate ? [{ course, ...certificate, issuedAt: iso(certificate.issuedAt) }] : [];
      }),
      checks: checks.flatMap((c, i) => {
        const record = parseRecord(checkReplies[i * 2]);
        const attempts = ((checkReplies[i * 2 + 1] as unknown[]) ?? []).map((raw) => parseJson(raw));
        return record || attempts.length ? [{ ...c, summary: record, attempts }] : [];
      }),
      videosWatched: ((watched as string[]) ?? []).sort(),
      videoWatchRecords: Object.fromEntries(
        flatEntries(watch).flatMap(([video, json]) => {
          const record = parseWatch(json);
          return record ? [[video, record]] : [];
        }),
      ),
      videoPositions: Object.fromEntries(
        flatEntries(videoProgress).map(([video, json]) => [video, parseJson(json)]),
      ),
      articlesRead: ((articlesRead as string[]) ?? []).sort(),
    },
    categories: flatEntries(categories).map(([id, name]) => ({ id, name })),
    tradeTags: tripTags,
    roundTrips: trips,
    // Answers to sales with nothing held before them, by SYMBOL@ACCOUNT: a short sale, or shares held.
    salesWithNothingHeld: readFlatSellAnswers(flatSellAnswers),
  };
  const text = JSON.stringify(head, null, 2);
  // The head without its closing brace, then the two long lists, each written as it is read.
  yield `${text.slice(0, text.lastIndexOf('}')).trimEnd()},\n  "notes": [`;

  const notes = (noteIds as string[]) ?? [];
  let first = true;
  for (let at = 0; at < notes.length; at += NOTE_BATCH) {
    const batch = notes.slice(at, at + NOTE_BATCH);
    const read = store.pipeline();
    for (const id of batch) read.hgetall(journalKeys.note(sub, id));
    const hashes = (await read.exec()) as unknown[];
    const items = batch.flatMap((id, i) => {
      const note = toNote(id, Object.fromEntries(flatEntries(hashes[i])));
      return note ? [JSON.stringify(note)] : [];
    });
    if (items.length === 0) continue;
    yield `${first ? '\n    ' : ',\n    '}${items.join(',\n    ')}`;
    first = false;
  }
  yield `${first ? '' : '\n  '}],\n  "trades": [`;

  const trades = (tradeIds as string[]) ?? [];
  first = true;
  for (let at = 0; at < trades.length; at += TRADE_BATCH) {
    const keys = trades.slice(at, at + TRADE_BATCH).map((id) => tradeKeys.trade(sub, id));
    const read = store.pipeline();
    for (let from = 0; from < keys.length; from += MGET_CHUNK)
      read.mget(...keys.slice(from, from + MGET_CHUNK));
    const raws = ((await read.exec()) as unknown[][]).flat();
    // A trade is stored as the JSON the trade calls wrote: checked, then passed on as it is rather
    // than written again (a value that is not a JSON object is left out, never breaks the file).
    const items = raws.flatMap((raw) => (isJsonObject(raw) ? [raw] : []));
    if (items.length === 0) continue;
    yield `${first ? '\n    ' : ',\n    '}${items.join(',\n    ')}`;
    first = false;
  }
  yield `${first ? '' : '\n  '}]\n}\n`;
}
