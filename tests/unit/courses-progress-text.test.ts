import { describe, expect, it } from 'vitest';
import {
  completedCourses,
  courseToContinue,
  type ModuleProgressData,
  type ProgressData,
} from '../../member-app/courses/progress-data.ts';
import {
  certificateName,
  checkState,
  moduleState,
  percentLine,
} from '../../member-app/courses/progress-text.ts';

const lesson = (id: string, done = false) => ({
  id,
  title: `Lesson ${id}`,
  kind: 'article' as const,
  href: `/articles/${id}`,
  started: done,
  done,
});
const module = (id: string, over: Partial<ModuleProgressData> = {}): ModuleProgressData => ({
  id,
  title: `Module ${id}`,
  unlocked: true,
  complete: false,
  lessons: [lesson(`${id}1`), lesson(`${id}2`)],
  check: null,
  goal: null,
  ...over,
});
type Course = ProgressData['courses'][number];
const course = (slug: string, over: Partial<Course> = {}): Course => ({
  slug,
  title: slug,
  percent: 0,
  done: 0,
  total: 4,
  complete: false,
  started: false,
  next: { module: 'm', lesson: 'l', title: 'L', href: '/articles/l' },
  certificate: null,
  modules: [],
  ...over,
});

describe("the words of a member's course progress", () => {
  it('says the percent and the parts done', () => {
    expect(percentLine({ percent: 35, done: 7, total: 20 })).toBe('35% complete · 7 of 20');
  });

  it("says a module's state: lessons done, complete, or which earlier module it waits for", () => {
    const modules = [
      module('a', { complete: true, lessons: [lesson('a1', true), lesson('a2', true)] }),
      module('b', { lessons: [lesson('b1', true), lesson('b2')] }),
      module('c', { unlocked: false }),
      module('d', { unlocked: false, lessons: [lesson('d1')] }),
    ];
    expect(moduleState(modules, 0)).toBe('Complete');
    expect(moduleState(modules, 1)).toBe('1 of 2 lessons');
    expect(moduleState(modules, 2)).toBe('Opens once module 2 is complete');
    // Every earlier module not complete: the words of the rule the outline states.
    expect(moduleState(modules, 3)).toBe('Opens once modules 2 and 3 are complete');
    expect(moduleState([module('e', { lessons: [lesson('e1')] })], 0)).toBe('0 of 1 lesson');
  });

  it("says a check's result", () => {
    expect(checkState({ questions: 5, passMark: 80, passed: true, best: 100 })).toBe('Passed, best 100%');
    expect(checkState({ questions: 5, passMark: 80, passed: false, best: 40 })).toBe('Not passed yet');
    expect(checkState({ questions: 5, passMark: 80, passed: false, best: null })).toBe('Not passed yet');
  });

  it("takes a certificate's name as the server stores it: spaces collapsed, 1 to 80 characters", () => {
    expect(certificateName('  Ada   Lovelace ')).toBe('Ada Lovelace');
    expect(certificateName('   ')).toBeNull();
    expect(certificateName('x'.repeat(80))).toBe('x'.repeat(80));
    expect(certificateName('x'.repeat(81))).toBeNull();
  });

  it('continues the first started course not complete, else the first not complete', () => {
    const data = (courses: Course[]): ProgressData => ({ courses, accountSize: null });
    expect(courseToContinue(undefined)).toBeNull();
    expect(courseToContinue(data([course('a'), course('b', { started: true })]))?.slug).toBe('b');
    expect(courseToContinue(data([course('a', { complete: true, next: null }), course('b')]))?.slug).toBe(
      'b',
    );
    expect(courseToContinue(data([course('a', { complete: true, next: null })]))).toBeNull();
  });

  it('lists the completed courses, for their certificates on the dashboard', () => {
    const data = {
      accountSize: null,
      courses: [
        course('a', { complete: true, next: null }),
        course('b'),
        course('c', { complete: true, next: null }),
      ],
    };
    expect(completedCourses(data).map((c) => c.slug)).toEqual(['a', 'c']);
    expect(completedCourses(undefined)).toEqual([]);
  });
});
