/**
 * The member's course calls beside the module page (docs/courses.md): progress over every course,
 * certificates issued and withdrawn, the account size goals measure against, and articles read.
 * Every key is the caller's own (the token's subject) except a certificate's public record, which
 * holds only what its public page shows.
 */
import { articleLibrary } from '../articles/library.ts';
import type { MembershipGate } from '../billing/gate.ts';
import type { CourseProgress } from '../contract/courses.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { enqueueEmailCall, MAIL_ENQUEUE_LUA } from '../mail/queue.ts';
import { siteUrl } from '../mail/site-url.ts';
import { memberFields, opsKeys } from '../operator/keys.ts';
import {
  certificateSource,
  SEARCH_INDEX_LUA,
  searchIndexKeys,
  searchUpdateJson,
} from '../operator/search-index.ts';
import { nameTerms } from '../operator/search-terms.ts';
import { courseProgress, type MemberCertificate } from './course-progress.ts';
import { displayName } from './display-name.ts';
import { indexLessons } from './lesson-index.ts';
import { type BundledCourse, courseLibrary } from './library.ts';
import {
  type CertificateRecord,
  certificateImageKey,
  certificateKey,
  courseStatsKeys,
  progressKeys,
} from './progress-keys.ts';
import { parseCertificate, readCourseData } from './progress-read.ts';

/** Every course with the member's progress: two round trips at most (progress-read.ts). */
export async function progressForMember(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  courses: readonly BundledCourse[] = courseLibrary,
): Promise<{ courses: CourseProgress[]; accountSize: string | null }> {
  const { data, accountSize } = await readCourseData(deps, gate, courses);
  return { courses: courses.map((course) => courseProgress(course, data)), accountSize };
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A certificate's public id: 20 url-safe random characters (120 bits), unguessable. */
export function certificateId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => ID_CHARS[b & 63]).join('');
}

/**
 * Stores a certificate if the member's entry is still the one read. KEYS: the member's
 * certificates hash, the public record, the course's completed set, the operator's search index (2
 * keys), then (a first issue) the certificate-issued email's keys (enqueueEmailCall's). ARGV:
 * course, the entry read ('' when none), the new entry, the public JSON, the subject, the search
 * terms of the name, then the email's arguments. Answers 'ok' or 'stale'. The email is queued in
 * the same step as the issue, once per member and course (`certificate:{sub}:{course}`): withdrawn
 * and issued again, it is not sent twice. The console's search finds the member by the name.
 */
const ISSUE_CERTIFICATE = `${MAIL_ENQUEUE_LUA}
${SEARCH_INDEX_LUA}
if (redis.call('HGET', KEYS[1], ARGV[1]) or '') ~= ARGV[2] then return 'stale' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[4])
redis.call('SADD', KEYS[3], ARGV[5])
search_update(KEYS[4], KEYS[5], ARGV[5], ARGV[6], false)
if #KEYS >= 9 then enqueue_mail(KEYS[6], KEYS[7], KEYS[8], KEYS[9], ARGV[7], ARGV[8], ARGV[9], ARGV[10], ARGV[11]) end
return 'ok'
`;

/**
 * Issues the member's certificate for a course they completed, with the name they chose; a second
 * call renames it (same id and address, same date). The completion is judged by the same rules as
 * the progress page. Reads as progressForMember (two round trips when a goal needs the trades),
 * then one script.
 */
export async function issueCertificate(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: { course: string; name: string },
  courses: readonly BundledCourse[] = courseLibrary,
  newId: () => string = certificateId,
) {
  const course = courses.find((c) => c.slug === input.course);
  const { sub } = gate.caller;
  const { data, extra } = await readCourseData(deps, gate, course ? [course] : [], (pipe) =>
    pipe.hget(progressKeys.certificates(sub), input.course).hget(opsKeys.member(sub), memberFields.email),
  );
  if (!course) throw notFound(`No course "${input.course}"`);
  const progress = courseProgress(course, data);
  if (!progress.complete)
    throw new HttpError(
      409,
      `Complete every lesson, check and practice goal of "${course.title}" first: ${progress.total - progress.done} left`,
    );
  const name = displayName(input.name);
  if (!name) throw badRequest('name: Enter the name to print on your certificate');
  const read = typeof extra[0] === 'string' ? extra[0] : '';
  const before = parseCertificate(read);
  const entry: MemberCertificate = {
    id: before?.id ?? newId(),
    name,
    issuedAt: before?.issuedAt ?? deps.now(),
  };
  const record: CertificateRecord = { ...entry, course: course.slug, courseTitle: course.title };
  // The first issue emails the member: the token's email, else the one the operator's index holds.
  const to = gate.caller.email ?? (typeof extra[1] === 'string' && extra[1] ? extra[1] : null);
  const mail =
    before || !to
      ? null
      : enqueueEmailCall(
          {
            key: `certificate:${sub}:${course.slug}`,
            to,
            template: 'certificate-issued',
            data: { courseTitle: course.title, certificateUrl: `${siteUrl()}/certificates/${entry.id}` },
          },
          deps.now(),
        );
  if (!before && !to) console.error(`[mail] certificate-issued for ${sub} not queued: no email on file`);
  const saved = await deps.store.eval(
    ISSUE_CERTIFICATE,
    [
      progressKeys.certificates(sub),
      certificateKey(entry.id),
      courseStatsKeys.completed(course.slug),
      ...searchIndexKeys(),
      ...(mail?.keys ?? []),
    ],
    [
      course.slug,
      read,
      JSON.stringify(entry),
      JSON.stringify(record),
      sub,
      searchUpdateJson({ [certificateSource(course.slug)]: nameTerms(name) }),
      ...(mail?.args ?? []),
    ],
  );
  if (saved !== 'ok')
    throw new HttpError(
      409,
      'This certificate was changed in another request at the same time: reload to see it',
    );
  return { certificate: { ...entry, path: `/certificates/${entry.id}` } };
}

// KEYS: the member's certificates hash, the public record, the search index (2 keys), the kept
// preview image. ARGV: course, sub, the search terms of the course's certificate (none). The name
// is no longer searched for, nor drawn.
const WITHDRAW_CERTIFICATE = `${SEARCH_INDEX_LUA}
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2], KEYS[5])
search_update(KEYS[3], KEYS[4], ARGV[2], ARGV[3], false)
return 1`;

/** Withdraws the member's certificate for a course: its public page answers 404 from then on. */
export async function withdrawCertificate(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  input: { course: string },
): Promise<{ withdrawn: boolean }> {
  const { sub } = gate.caller;
  const [raw] = await gate.exec<[unknown]>(
    gate.pipeline().hget(progressKeys.certificates(sub), input.course),
  );
  const entry = parseCertificate(raw);
  if (!entry) return { withdrawn: false };
  await deps.store.eval(
    WITHDRAW_CERTIFICATE,
    [
      progressKeys.certificates(sub),
      certificateKey(entry.id),
      ...searchIndexKeys(),
      certificateImageKey(entry.id),
    ],
    [input.course, sub, searchUpdateJson({ [certificateSource(input.course)]: [] })],
  );
  return { withdrawn: true };
}

/** The account size the max-position-week goal measures against; null forgets it. One transaction. */
export async function setAccountSize(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  input: { accountSize: string | null },
): Promise<{ accountSize: string | null }> {
  await gate.require();
  const key = progressKeys.profile(gate.caller.sub);
  const size = input.accountSize === null ? null : normaliseDollars(input.accountSize);
  if (size === null) await deps.store.hdel(key, 'accountSize');
  else await deps.store.hset(key, { accountSize: size });
  return { accountSize: size };
}

/** "025000.50" → "25000.5", "25000.00" → "25000": one spelling per amount. */
const normaliseDollars = (text: string) =>
  text
    .trim()
    .replace(/^0+(?=\d)/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

const lessonIndex = indexLessons(courseLibrary);

/**
 * An article read to its end (or marked read): an article lesson of it counts as done, and the
 * operator's counters of those lessons move. Two round trips: the membership, one transaction.
 */
export async function markArticleRead(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  input: { article: string },
  articles: readonly { slug: string }[] = articleLibrary.articles,
  index = lessonIndex,
): Promise<{ read: true }> {
  await gate.require();
  if (!articles.some((a) => a.slug === input.article)) throw notFound(`No article "${input.article}"`);
  const { sub } = gate.caller;
  const tx = deps.store.multi().sadd(progressKeys.articlesRead(sub), input.article);
  for (const entry of index.byArticle.get(input.article) ?? []) {
    tx.sadd(courseStatsKeys.started(entry.course), sub)
      .sadd(courseStatsKeys.lessonStarted(entry.course, entry.lesson.id), sub)
      .sadd(courseStatsKeys.lessonCompleted(entry.course, entry.lesson.id), sub)
      .zadd(courseStatsKeys.furthest(entry.course), { gt: true }, { score: entry.index, member: sub });
  }
  await tx.exec();
  return { read: true };
}

/** The videos the member has watched, for the library's and the video page's checks. One round trip. */
export async function watchedVideos(gate: MembershipGate): Promise<{ videos: string[] }> {
  const [ids] = await gate.exec<[unknown]>(gate.pipeline().smembers(progressKeys.watched(gate.caller.sub)));
  return { videos: Array.isArray(ids) ? (ids as string[]).sort() : [] };
}
