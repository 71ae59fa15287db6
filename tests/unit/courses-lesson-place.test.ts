import { describe, expect, it } from 'vitest';
import { courseLesson, inCourse } from '../../functions/_lib/courses/lesson-link.ts';
import { doneRule, lessonPlace } from '../../member-app/courses/lesson-place.ts';
import type { ProgressData } from '../../member-app/courses/progress-data.ts';

// Where a lesson opened from a course sits, for the course bar on its page.

const lesson = (id: string, kind: 'video' | 'article', done = false) => ({
  id,
  title: `Lesson ${id}`,
  kind,
  href: kind === 'video' ? `/videos/watch/v${id}/x?t=30` : `/articles/${id}`,
  started: done,
  done,
});
const data = {
  accountSize: null,
  courses: [
    {
      slug: 'c',
      title: 'Course C',
      percent: 0,
      done: 0,
      total: 4,
      complete: false,
      started: true,
      next: null,
      certificate: null,
      modules: [
        {
          id: 'm1',
          title: 'One',
          unlocked: true,
          complete: false,
          lessons: [lesson('a', 'article', true)],
          check: null,
          goal: null,
        },
        {
          id: 'm2',
          title: 'Two',
          unlocked: true,
          complete: false,
          lessons: [lesson('b', 'video', true), lesson('c', 'article')],
          check: null,
          goal: null,
        },
      ],
    },
  ],
} as unknown as ProgressData;

describe('a lesson opened from a course', () => {
  it("carries the course and the lesson in its address, beside a chapter's start", () => {
    expect(inCourse('/articles/a', 'c', 'a')).toBe('/articles/a?course=c&lesson=a');
    expect(inCourse('/videos/watch/v1/x?t=30', 'c', 'b')).toBe('/videos/watch/v1/x?t=30&course=c&lesson=b');
  });

  it('is read back only when both are ids', () => {
    expect(courseLesson({ course: 'c', lesson: 'b' })).toEqual({ course: 'c', lesson: 'b' });
    expect(courseLesson({ course: 'c' })).toBeNull();
    expect(courseLesson({ course: 'C/../x', lesson: 'b' })).toBeNull();
    expect(courseLesson({ course: 5, lesson: 'b' })).toBeNull();
  });

  it('is placed in its module: lesson n of m, done or not, the next lesson in the course', () => {
    expect(lessonPlace(data, 'c', 'b')).toEqual({
      course: { slug: 'c', title: 'Course C' },
      module: { number: 2, title: 'Two', href: '/learn/c/m2' },
      position: 1,
      count: 2,
      kind: 'video',
      done: true,
      next: { title: 'Lesson c', href: '/articles/c?course=c&lesson=c' },
    });
    // The module's last lesson has no next lesson: the bar leads back to the module.
    expect(lessonPlace(data, 'c', 'c')).toMatchObject({ position: 2, count: 2, done: false, next: null });
  });

  it('is nowhere for an unknown course or lesson (no bar)', () => {
    expect(lessonPlace(data, 'x', 'b')).toBeNull();
    expect(lessonPlace(data, 'c', 'zz')).toBeNull();
    expect(lessonPlace(undefined, 'c', 'b')).toBeNull();
  });

  it('says the rule that counts it done, as the server judges it', () => {
    expect(doneRule('video')).toBe('Counts as done once you have watched 90% of it.');
    expect(doneRule('article')).toBe('Counts as done once you have read it to the end.');
  });
});
