import { describe, expect, it } from 'vitest';
import type { CheckRecord } from '../../functions/_lib/courses/attempts.ts';
import { courseProgress, type MemberCourseData } from '../../functions/_lib/courses/course-progress.ts';
import type { BundledCourse } from '../../functions/_lib/courses/library.ts';
import type { WatchRecord } from '../../functions/_lib/courses/watch.ts';

// The completion rules (docs/courses.md, "Progress"), on a small course: lessons from watch records
// and articles read, checks passed, goals met, modules opening in order, the percent rounded down.

const lesson = (id: string, fields: Partial<BundledCourse['modules'][number]['lessons'][number]>) => ({
  id,
  title: `Lesson ${id}`,
  kind: 'video' as const,
  notesHtml: '',
  ...fields,
});

const course: BundledCourse = {
  slug: 'c',
  title: 'A course',
  summary: 'A course used by these tests to pin the completion rules of every course.',
  level: 'beginner',
  cover: '/images/c.webp',
  coverAlt: 'cover',
  sequential: true,
  modules: [
    {
      id: 'm1',
      title: 'One',
      lessons: [
        lesson('whole', { video: 'v1', videoPath: '/videos/watch/v1/a' }),
        lesson('chapter', {
          video: 'v2',
          videoPath: '/videos/watch/v2/b',
          chapterStart: 300,
          range: [0.5, 1],
        }),
        lesson('read', { kind: 'article', article: 'an-article' }),
      ],
      check: {
        passMark: 80,
        questions: [],
      },
    },
    {
      id: 'm2',
      title: 'Two',
      lessons: [lesson('later', { video: 'v3', videoPath: '/videos/watch/v3/c' })],
      goal: { kind: 'cashtag-notes', target: 2 },
    },
  ],
} as unknown as BundledCourse;

/** Parts [from, to) of 100 watched. */
const watched = (from: number, to: number): WatchRecord => {
  const digits = Array.from({ length: 25 }, () => 0);
  for (let i = from; i < to; i += 1) digits[i >> 2] = (digits[i >> 2] ?? 0) | (1 << (i & 3));
  return { b: digits.map((d) => d.toString(16)).join(''), p: 0, t: 0 };
};
const passed: CheckRecord = { attempts: 2, best: 100, passed: true, lastAt: 0, retryAt: null };

const data = (fields: Partial<MemberCourseData> = {}): MemberCourseData => ({
  watch: new Map(),
  articlesRead: new Set(),
  checks: new Map(),
  certificates: new Map(),
  journal: { trades: [], tripNotes: {}, tags: [], cashtagNotes: 0, accountSize: null },
  ...fields,
});

describe('courseProgress', () => {
  it('a new member: nothing done, the first lesson next, module 2 closed', () => {
    const p = courseProgress(course, data());
    expect(p).toMatchObject({
      percent: 0,
      done: 0,
      total: 6,
      complete: false,
      started: false,
      certificate: null,
    });
    expect(p.next).toEqual({
      module: 'm1',
      lesson: 'whole',
      title: 'Lesson whole',
      href: '/videos/watch/v1/a',
    });
    expect(p.modules.map((m) => [m.unlocked, m.complete])).toEqual([
      [true, false],
      [false, false],
    ]);
  });

  it('a chapter lesson is its part of the video: 90% of it, whatever else was watched', () => {
    const onlyStart = courseProgress(course, data({ watch: new Map([['v2', watched(0, 50)]]) }));
    expect(onlyStart.modules[0]?.lessons[1]).toMatchObject({
      started: true,
      done: false,
      href: '/videos/watch/v2/b?t=300',
    });
    const chapter = courseProgress(course, data({ watch: new Map([['v2', watched(55, 100)]]) }));
    expect(chapter.modules[0]?.lessons[1]?.done).toBe(true);
  });

  it('the percent is rounded down over lessons, checks and goals; the next lesson skips done ones', () => {
    const p = courseProgress(
      course,
      data({ watch: new Map([['v1', watched(0, 100)]]), articlesRead: new Set(['an-article']) }),
    );
    expect(p).toMatchObject({ done: 2, total: 6, percent: 33, started: true });
    expect(p.next).toMatchObject({ lesson: 'chapter' });
  });

  it('module 2 opens once module 1 is complete, check included; the course completes with the goal', () => {
    const m1 = data({
      watch: new Map([
        ['v1', watched(0, 100)],
        ['v2', watched(50, 100)],
      ]),
      articlesRead: new Set(['an-article']),
    });
    expect(courseProgress(course, m1).modules[1]?.unlocked).toBe(false);
    const withCheck = data({ ...m1, checks: new Map([['c:m1', passed]]) });
    const open = courseProgress(course, withCheck);
    expect(open.modules.map((m) => [m.unlocked, m.complete])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect(open.next).toMatchObject({ module: 'm2', lesson: 'later' });
    const all = data({
      ...withCheck,
      watch: new Map([...withCheck.watch, ['v3', watched(0, 90)]]),
      journal: { trades: [], tripNotes: {}, tags: [], cashtagNotes: 2, accountSize: null },
    });
    expect(courseProgress(course, all)).toMatchObject({ percent: 100, complete: true, next: null });
  });

  it('a course that is not sequential opens every module', () => {
    const p = courseProgress({ ...course, sequential: false }, data());
    expect(p.modules.every((m) => m.unlocked)).toBe(true);
    expect(p.next).toMatchObject({ lesson: 'whole' });
  });
});
