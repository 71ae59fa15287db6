/**
 * Reads what a member's course progress is judged from (course-progress.ts) in at most two
 * sequential round trips: the first pipeline carries the membership check, the watch records, the
 * articles read, every check summary, the certificates and the journal's small parts (trade ids,
 * trip notes, tags, the symbols with notes, the account size); the second, only when a goal needs
 * them, reads the trades themselves and the notes behind the symbols.
 */
import type { MembershipGate } from '../billing/gate.ts';
import type { Trade } from '../contract/trades.ts';
import type { Deps } from '../deps.ts';
import { journalKeys } from '../journal/keys.ts';
import { flatEntries, parseJson } from '../store.ts';
import { tradeKeys } from '../trade-store/keys.ts';
import { readAnswer } from '../trade-store/trip-tags.ts';
import { type CheckRecord, checkKeys, parseRecord } from './attempts.ts';
import { checkId, type MemberCertificate, type MemberCourseData } from './course-progress.ts';
import { goalNeeds } from './goal-progress.ts';
import type { BundledCourse } from './library.ts';
import { progressKeys } from './progress-keys.ts';
import { parseWatch, type WatchRecord } from './watch.ts';

/** Keys one MGET asks for. */
const MGET_CHUNK = 1000;

type Pipeline = ReturnType<Deps['store']['pipeline']>;

export const parseCertificate = (raw: unknown): MemberCertificate | null => {
  const entry = parseJson<MemberCertificate>(raw);
  return entry && typeof entry.id === 'string' && typeof entry.name === 'string' ? entry : null;
};

/**
 * Everything the courses given need, for the gate's member. `extra` adds reads of the caller's own
 * to the first pipeline (after the course reads); their replies come back as `extra`.
 */
export async function readCourseData(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  courses: readonly BundledCourse[],
  extra: (pipe: Pipeline) => Pipeline = (pipe) => pipe,
): Promise<{ data: MemberCourseData; accountSize: string | null; extra: unknown[] }> {
  const { sub } = gate.caller;
  const checked = courses.flatMap((course) =>
    course.modules.filter((m) => m.check).map((m) => ({ course: course.slug, module: m.id })),
  );
  const needs = goalNeeds(courses.flatMap((c) => c.modules.flatMap((m) => (m.goal ? [m.goal] : []))));
  // Named reads, so a read no goal needs is not sent (a member's trade ids can be 100,000).
  const reads: Array<[string, (pipe: Pipeline) => Pipeline]> = [
    ['watch', (p) => p.hgetall(progressKeys.watch(sub))],
    ['read', (p) => p.smembers(progressKeys.articlesRead(sub))],
    ['certificates', (p) => p.hgetall(progressKeys.certificates(sub))],
    ['accountSize', (p) => p.hget(progressKeys.profile(sub), 'accountSize')],
  ];
  if (checked.length > 0)
    reads.push(['checks', (p) => p.mget(...checked.map((c) => checkKeys.record(sub, c.course, c.module)))]);
  if (needs.trades) reads.push(['tradeIds', (p) => p.zrange(tradeKeys.trades(sub), 0, -1)]);
  if (needs.tags) reads.push(['tags', (p) => p.hgetall(tradeKeys.tags(sub))]);
  if (needs.tripNotes) reads.push(['tripNotes', (p) => p.hgetall(tradeKeys.tripNotes(sub))]);
  if (needs.cashtagNotes) reads.push(['symbols', (p) => p.smembers(journalKeys.symbols(sub))]);
  const pipe = reads.reduce((p, [, add]) => add(p), gate.pipeline());
  const replies = await gate.exec<unknown[]>(extra(pipe));
  const reply = new Map(reads.map(([name], i) => [name, replies[i]]));
  const rest = replies.slice(reads.length);
  const checksRaw = (reply.get('checks') as unknown[] | undefined) ?? [];
  const accountRaw = reply.get('accountSize');
  const tradeIds = reply.get('tradeIds');
  const symbols = reply.get('symbols');

  const watch = new Map<string, WatchRecord>();
  for (const [video, json] of flatEntries(reply.get('watch'))) {
    const record = parseWatch(json);
    if (record) watch.set(video, record);
  }
  const checks = new Map<string, CheckRecord>();
  checked.forEach((c, i) => {
    const record = parseRecord(checksRaw[i]);
    if (record) checks.set(checkId(c.course, c.module), record);
  });
  const certificates = new Map<string, MemberCertificate>();
  for (const [course, json] of flatEntries(reply.get('certificates'))) {
    const entry = parseCertificate(json);
    if (entry) certificates.set(course, entry);
  }
  const accountSize = typeof accountRaw === 'string' && accountRaw !== '' ? accountRaw : null;

  const ids = Array.isArray(tradeIds) ? (tradeIds as string[]) : [];
  const noteSymbols = Array.isArray(symbols) ? (symbols as string[]) : [];
  const needJournal = Object.values(needs).some(Boolean);
  let trades: Trade[] = [];
  let cashtagNotes = 0;
  if (ids.length > 0 || noteSymbols.length > 0) {
    // The second round: the trades (a pipeline of MGETs) and every note id behind a symbol.
    const second = deps.store.pipeline();
    const keys = ids.map((id) => tradeKeys.trade(sub, id));
    const chunks = Math.ceil(keys.length / MGET_CHUNK);
    for (let at = 0; at < keys.length; at += MGET_CHUNK) second.mget(...keys.slice(at, at + MGET_CHUNK));
    if (noteSymbols.length > 0)
      second.sunion(...(noteSymbols.map((s) => journalKeys.symbol(sub, s)) as [string]));
    const answers = (await second.exec()) as unknown[];
    trades = (answers.slice(0, chunks) as unknown[][]).flat().flatMap((raw) => parseJson<Trade>(raw) ?? []);
    if (noteSymbols.length > 0) cashtagNotes = ((answers[chunks] as unknown[]) ?? []).length;
  }
  const { tags, trips } = readAnswer(reply.get('tags'), reply.get('tripNotes'));
  return {
    data: {
      watch,
      articlesRead: new Set(Array.isArray(reply.get('read')) ? (reply.get('read') as string[]) : []),
      checks,
      certificates,
      journal: needJournal ? { trades, tripNotes: trips, tags, cashtagNotes, accountSize } : null,
    },
    accountSize,
    extra: rest,
  };
}
