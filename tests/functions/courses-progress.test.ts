import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CourseProgress } from '../../functions/_lib/contract/courses.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { certificateKey, courseStatsKeys, progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { libraryKeys } from '../../functions/_lib/library/keys.ts';
import { trustedLength } from '../../functions/_lib/library/progress.ts';
import type { StoredVideo } from '../../functions/_lib/library/records.ts';
import articlesReadFn from '../../functions/articles-read.ts';
import certificateFn from '../../functions/courses-certificate.ts';
import withdrawFn from '../../functions/courses-certificate-withdraw.ts';
import moduleFn from '../../functions/courses-module.ts';
import accountSizeFn from '../../functions/courses-profile.ts';
import progressFn from '../../functions/courses-progress.ts';
import videoProgressFn from '../../functions/videos-progress.ts';
import watchedFn from '../../functions/videos-watched.ts';
import { completeModules } from '../support/course-progress.ts';
import { memberCaller, signedIn } from '../support/members.ts';
import { post } from '../support/requests.ts';

// Course progress on real Redis (docs/courses.md, "Progress" and "Certificates"): lessons done from
// what the server saw, sequential modules, the certificate only for a completed course, and every
// key the member's own.

const deps = getDeps();
const { store } = deps;
const COURSE = 'penny-stock-essentials';
const course = courseLibrary.find((c) => c.slug === COURSE);
if (!course) throw new Error(`${COURSE} is the course these tests read`);
const lessons = course.modules.flatMap((m) => m.lessons);
const article = lessons.find((l) => l.article)?.article ?? '';
const videoLesson = course.modules[0]?.lessons.find((l) => l.video && !l.chapterStart);
if (!videoLesson?.video) throw new Error('module 1 needs a whole-video lesson');
const VIDEO = videoLesson.video;
const goalCount = course.modules.filter((m) => m.goal).length;

type Member = Awaited<ReturnType<typeof memberCaller>>;
const progressOf = async (m: Member) => {
  const { status, body } = await m.call(progressFn, 'courses/progress', {});
  expect(status).toBe(200);
  const found = (body.courses as CourseProgress[]).find((c) => c.slug === COURSE);
  if (!found) throw new Error('no progress for the course');
  return found;
};

/** Runs `run` with the functions' clock at `at` (ms). */
async function at<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const real = deps.now;
  deps.now = () => ms;
  try {
    return await run();
  } finally {
    deps.now = real;
  }
}

/**
 * The lesson's video as the library sync stores it (its length and player address from
 * content/library/videos.json), so this file does not depend on another having synced the library.
 * Answers the length the server judges it on: a local sample clip's own (shorter than the lesson).
 */
async function videoLength(id: string) {
  const { videos } = JSON.parse(readFileSync('content/library/videos.json', 'utf8')) as {
    videos: Array<{ id: string; title: string; duration: number; uri: string; thumbnail: string }>;
  };
  const video = videos.find((v) => v.id === id);
  if (!video) throw new Error(`${id} is not in the library`);
  const stored: StoredVideo = { ...video, timestamp: Date.UTC(2025, 0, 1), tags: [], playlists: [] };
  if (!(await store.exists(libraryKeys.video(id))))
    await store.set(libraryKeys.video(id), JSON.stringify(stored));
  return trustedLength(stored);
}

describe('courses/progress', () => {
  it('a visitor gets 401 on every progress call, a signed-in non-member 403', async () => {
    const calls = [
      [progressFn, 'courses/progress', {}],
      [certificateFn, 'courses/certificate', { course: COURSE, name: 'Ann' }],
      [withdrawFn, 'courses/certificate/withdraw', { course: COURSE }],
      [accountSizeFn, 'courses/profile', { accountSize: '25000' }],
      [articlesReadFn, 'articles/read', { article }],
      [watchedFn, 'videos/watched', {}],
    ] as const;
    const { headers } = await signedIn(store, null);
    for (const [fn, path, body] of calls) {
      expect((await fn(post(`/api/${path}`, body))).status, path).toBe(401);
      expect((await fn(post(`/api/${path}`, body, headers))).status, path).toBe(403);
    }
  });

  it('a new member: nothing done, the first lesson next, later modules locked', async () => {
    const m = await memberCaller(store);
    const p = await progressOf(m);
    expect(p).toMatchObject({ percent: 0, done: 0, complete: false, started: false, certificate: null });
    expect(p.total).toBe(lessons.length + course.modules.filter((x) => x.check).length + goalCount);
    expect(p.next).toMatchObject({ module: course.modules[0]?.id, lesson: lessons[0]?.id });
    expect(p.modules.map((x) => x.unlocked)).toEqual(course.modules.map((_, i) => i === 0));
    expect(p.modules[1]?.goal).toMatchObject({ count: 0, target: 5, met: false });
  });

  it('an article read counts its lesson done; an unknown article is a 404 and writes nothing', async () => {
    const m = await memberCaller(store);
    expect(await m.call(articlesReadFn, 'articles/read', { article: 'no-such' })).toMatchObject({
      status: 404,
    });
    expect(await store.exists(progressKeys.articlesRead(m.sub))).toBe(0);
    expect((await m.call(articlesReadFn, 'articles/read', { article })).status).toBe(200);
    const p = await progressOf(m);
    const lesson = p.modules.flatMap((x) => x.lessons).find((l) => l.href === `/articles/${article}`);
    expect(lesson).toMatchObject({ done: true, started: true });
    expect(p.done).toBe(1);
    expect(await store.sismember(courseStatsKeys.lessonCompleted(COURSE, lesson?.id ?? ''), m.sub)).toBe(1);
  });
});

describe('a video lesson is done when the server saw it watched', () => {
  it('a position past the video is a 400 and nothing is written', async () => {
    const m = await memberCaller(store);
    const length = await videoLength(VIDEO);
    const forged = await m.call(videoProgressFn, 'videos/progress', { nodeId: VIDEO, position: length + 60 });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^position: .* past the end of this video/);
    expect(await store.exists(progressKeys.watch(m.sub))).toBe(0);
  });

  it('one forged report at the end completes nothing; playback reported every 10 s does', async () => {
    const m = await memberCaller(store);
    const length = await videoLength(VIDEO);
    const report = (position: number, anchor = false) =>
      m.call(videoProgressFn, 'videos/progress', { nodeId: VIDEO, position, ...(anchor ? { anchor } : {}) });
    expect((await report(length)).status).toBe(200);
    expect(await report(length)).toMatchObject({ status: 200 });
    expect((await m.call(watchedFn, 'videos/watched', {})).body).toEqual({ videos: [] });
    const lessonDone = async () =>
      (await progressOf(m)).modules.flatMap((x) => x.lessons).find((l) => l.id === videoLesson.id);
    expect(await lessonDone()).toMatchObject({ started: true, done: false });
    // Played from the start: a report at play, then one every 10 s of playback (at 1.5× speed).
    const start = Date.now();
    expect((await at(start, () => report(0, true))).status).toBe(200);
    for (let p = 10; p < length + 10; p += 10) {
      const position = Math.min(p, length);
      expect((await at(start + (position * 1000) / 1.5, () => report(position))).status).toBe(200);
    }
    expect(await lessonDone()).toMatchObject({ done: true });
    expect((await m.call(watchedFn, 'videos/watched', {})).body).toEqual({ videos: [VIDEO] });
    expect(await store.sismember(courseStatsKeys.lessonCompleted(COURSE, videoLesson.id), m.sub)).toBe(1);
    expect(await store.zscore(courseStatsKeys.furthest(COURSE), m.sub)).not.toBeNull();
  });
});

describe("the length judged is the server's, never the player's", () => {
  const lessonOf = async (m: Member, id: string) =>
    (await progressOf(m)).modules.flatMap((x) => x.lessons).find((l) => l.id === id);

  it('a forged 1-second duration is a 400 naming it, and nothing is written', async () => {
    const m = await memberCaller(store);
    const length = await videoLength(VIDEO);
    expect(length).toBeGreaterThan(10);
    for (const [position, duration] of [
      [0, 1],
      [1, 1],
      [length / 2, length * 3 + 60],
    ] as const) {
      const forged = await m.call(videoProgressFn, 'videos/progress', { nodeId: VIDEO, position, duration });
      expect(forged.status).toBe(400);
      expect(forged.body.error).toMatch(/^duration: .* is not this video's length/);
    }
    expect(await store.exists(progressKeys.watch(m.sub))).toBe(0);
    expect(await lessonOf(m, videoLesson.id)).toMatchObject({ started: false, done: false });
    expect(await store.sismember(courseStatsKeys.lessonCompleted(COURSE, videoLesson.id), m.sub)).toBe(0);
    // The player's own length, a second off the library's, is taken.
    expect(
      (await m.call(videoProgressFn, 'videos/progress', { nodeId: VIDEO, position: 1, duration: length + 1 }))
        .status,
    ).toBe(200);
  });

  it("a position past the server's length is a 400 naming it, whatever duration is sent; nothing written", async () => {
    const m = await memberCaller(store);
    const length = await videoLength(VIDEO);
    const forged = await m.call(videoProgressFn, 'videos/progress', {
      nodeId: VIDEO,
      position: length + 60,
      duration: length + 600,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^position: /);
    expect(await store.exists(progressKeys.watch(m.sub))).toBe(0);
  });

  it("a hosted video is judged on the library's length; a sample clip on its file's, never more", () => {
    expect(trustedLength({ uri: '/videos/123', duration: 1949 })).toBe(1949);
    expect(trustedLength({ uri: '/samples/clips/lesson-b.webm', duration: 1949 })).toBe(24);
    expect(trustedLength({ uri: '/samples/clips/lesson-b.webm', duration: 12 })).toBe(12);
    expect(trustedLength({ uri: '/samples/clips/unknown.webm', duration: 600 })).toBe(600);
  });
});

describe('two lessons on one video', () => {
  const sharing = course.modules
    .flatMap((x) => x.lessons)
    .filter((l) => l.video === 'tour-journal' && l.chapterStart !== undefined);
  const [first, second] = sharing;
  if (!first?.video || !second || first.end === undefined || second.end === undefined)
    throw new Error('module 4 has two lessons on the tour-journal video, each with its stretch');

  it('each is done only once its own stretch was played', async () => {
    const m = await memberCaller(store);
    const length = await videoLength(first.video ?? '');
    expect(second.end).toBeLessThanOrEqual(length);
    const lessons = async () => {
      const all = (await progressOf(m)).modules.flatMap((x) => x.lessons);
      return [first.id, second.id].map((id) => all.find((l) => l.id === id)?.done);
    };
    const report = (position: number, when: number, anchor = false) =>
      at(when, () =>
        m.call(videoProgressFn, 'videos/progress', {
          nodeId: first.video,
          position,
          ...(anchor ? { anchor } : {}),
        }),
      );
    /** Plays [from, to] of the video at normal speed, a report every 2 s, from `start` ms. */
    const play = async (from: number, to: number, start: number) => {
      expect((await report(from, start, true)).status).toBe(200);
      for (let p = from + 2; p < to + 2; p += 2) {
        const position = Math.min(p, to);
        expect((await report(position, start + (position - from) * 1000)).status).toBe(200);
      }
    };
    const start = Date.now();
    await play(first.chapterStart ?? 0, first.end ?? 0, start);
    expect(await lessons()).toEqual([true, false]);
    expect(await store.sismember(courseStatsKeys.lessonCompleted(COURSE, second.id), m.sub)).toBe(0);
    // A jump to the second stretch's end a second later (no anchor) credits only what playback
    // could have covered in that second, not the stretch.
    const firstEnd = start + ((first.end ?? 0) - (first.chapterStart ?? 0)) * 1000;
    expect((await report(second.end ?? 0, firstEnd + 1000)).status).toBe(200);
    expect(await lessons()).toEqual([true, false]);
    await play(second.chapterStart ?? 0, second.end ?? 0, start + 120_000);
    expect(await lessons()).toEqual([true, true]);
    expect(await store.sismember(courseStatsKeys.lessonCompleted(COURSE, second.id), m.sub)).toBe(1);
  });
});

describe('sequential modules', () => {
  it('module 2 is locked (403 naming module 1) until module 1 is complete', async () => {
    const m = await memberCaller(store);
    const second = course.modules[1]?.id ?? '';
    const locked = await m.call(moduleFn, 'courses/module', { course: COURSE, module: second });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ locked: true, waiting: [1] });
    expect(locked.body.error).toBe('Module 2 is not open yet. Opens once module 1 is complete');
    expect(locked.body).not.toHaveProperty('redirect');
    await completeModules(store, m.sub, course, { modules: course.modules.slice(0, 1), goals: false });
    const open = await m.call(moduleFn, 'courses/module', { course: COURSE, module: second });
    expect(open.status).toBe(200);
    expect(open.body.progress).toMatchObject({ unlocked: true, complete: false });
  });
});

describe('practice goals', () => {
  it('count the member’s own journal: round trips with a risk, tagged ones, reviewed trades', async () => {
    const m = await memberCaller(store);
    await completeModules(store, m.sub, course, { modules: [], goals: true });
    const p = await progressOf(m);
    const goals = p.modules.flatMap((x) => (x.goal ? [x.goal] : []));
    expect(goals.map((g) => [g.kind, g.count >= g.target, g.met])).toEqual([
      ['closed-trips-with-risk', true, true],
      ['tagged-trips', true, true],
      ['reviewed-trades', true, true],
    ]);
    // Member B's journal is empty: A's trades count for A only.
    const b = await memberCaller(store);
    const theirs = (await progressOf(b)).modules.flatMap((x) => (x.goal ? [x.goal] : []));
    expect(theirs.map((g) => g.count)).toEqual([0, 0, 0]);
  });

  it('the account size: a positive dollar amount, kept in one spelling, null forgets it', async () => {
    const m = await memberCaller(store);
    for (const bad of ['abc', '0', '-5', '1.234'])
      expect((await m.call(accountSizeFn, 'courses/profile', { accountSize: bad })).status, bad).toBe(400);
    expect(await store.exists(progressKeys.profile(m.sub))).toBe(0);
    const saved = await m.call(accountSizeFn, 'courses/profile', { accountSize: '025000.50' });
    expect(saved).toEqual({ status: 200, body: { accountSize: '25000.5' } });
    expect((await m.call(progressFn, 'courses/progress', {})).body.accountSize).toBe('25000.5');
    await m.call(accountSizeFn, 'courses/profile', { accountSize: null });
    expect((await m.call(progressFn, 'courses/progress', {})).body.accountSize).toBeNull();
  });
});

describe('certificates', () => {
  it('refused (409, how much is left) until the course is complete; nothing written', async () => {
    const m = await memberCaller(store);
    await completeModules(store, m.sub, course, { goals: false });
    const refused = await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: 'Ann Lee' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Complete every lesson, check and practice goal .*: 3 left/);
    expect(await store.exists(progressKeys.certificates(m.sub))).toBe(0);
  });

  it('issued with the chosen name at a public record, renamed in place, withdrawn by its owner only', async () => {
    const m = await memberCaller(store);
    await completeModules(store, m.sub, course);
    expect((await progressOf(m)).complete).toBe(true);
    const unknown = await m.call(certificateFn, 'courses/certificate', { course: 'nope', name: 'Ann' });
    expect(unknown.status).toBe(404);
    const blank = await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: '   ' });
    expect(blank.status).toBe(400);
    const issued = await m.call(certificateFn, 'courses/certificate', {
      course: COURSE,
      name: '  Ann   Lee ',
    });
    expect(issued.status).toBe(200);
    const cert = issued.body.certificate as { id: string; name: string; issuedAt: number; path: string };
    expect(cert.id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(cert).toMatchObject({ name: 'Ann Lee', path: `/certificates/${cert.id}` });
    const record = JSON.parse(String(await store.get<string>(certificateKey(cert.id))));
    expect(record).toEqual({
      id: cert.id,
      name: 'Ann Lee',
      issuedAt: cert.issuedAt,
      course: COURSE,
      courseTitle: course.title,
    });
    expect(JSON.stringify(record)).not.toContain(m.sub);
    expect(await store.sismember(courseStatsKeys.completed(COURSE), m.sub)).toBe(1);

    const renamed = await m.call(certificateFn, 'courses/certificate', {
      course: COURSE,
      name: 'Ann B. Lee',
    });
    expect(renamed.body.certificate).toMatchObject({
      id: cert.id,
      issuedAt: cert.issuedAt,
      name: 'Ann B. Lee',
    });
    expect((await progressOf(m)).certificate).toMatchObject({ id: cert.id, name: 'Ann B. Lee' });

    // Another member cannot withdraw it: their call reaches their own (absent) certificate.
    const b = await memberCaller(store);
    expect(
      (await b.call(withdrawFn, 'courses/certificate/withdraw', { course: COURSE, custID: m.sub })).body,
    ).toEqual({
      withdrawn: false,
    });
    expect(await store.exists(certificateKey(cert.id))).toBe(1);
    expect((await m.call(withdrawFn, 'courses/certificate/withdraw', { course: COURSE })).body).toEqual({
      withdrawn: true,
    });
    expect(await store.exists(certificateKey(cert.id), progressKeys.certificates(m.sub))).toBe(0);
    expect((await progressOf(m)).certificate).toBeNull();
  });

  it('two issues at once: one certificate, the other 409, no orphaned public record', async () => {
    const m = await memberCaller(store);
    await completeModules(store, m.sub, course);
    const answers = await Promise.all(
      ['A', 'B'].map((name) => m.call(certificateFn, 'courses/certificate', { course: COURSE, name })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const issued = answers.find((a) => a.status === 200)?.body.certificate as { id: string } | undefined;
    expect((await progressOf(m)).certificate?.id).toBe(issued?.id);
  });
});
