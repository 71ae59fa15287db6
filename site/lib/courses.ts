/**
 * Courses for the static pages (build time only). A page gets an outline: titles, kinds, counts and
 * goals in words. Lesson notes, questions, choices and answers are members' content and never
 * leave this module, so no pre-built file can carry them (tests/e2e/courses.spec.ts scans dist/).
 */

import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { COURSE_LEVELS, type Course } from '../../functions/_lib/courses/course-schema.ts';
import { goalSentence } from '../../functions/_lib/courses/goals.ts';

export interface LessonOutline {
  id: string;
  title: string;
  kind: 'video' | 'article';
}

export interface ModuleOutline {
  id: string;
  title: string;
  lessons: LessonOutline[];
  /** How many questions the module's check has; the questions stay on the server. */
  checkQuestions: number | undefined;
  /** The practice goal in words ("Close 5 round trips with a planned risk"). */
  goal: string | undefined;
}

export interface CourseOutline {
  slug: string;
  title: string;
  summary: string;
  level: Course['level'];
  cover: string;
  coverAlt: string;
  sequential: boolean;
  lessonCount: number;
  modules: ModuleOutline[];
}

export const levelLabel = (level: Course['level']) => level.charAt(0).toUpperCase() + level.slice(1);

/** Only what a visitor may see, field by field (a new schema field stays private until added here). */
export function courseOutline(course: Course): CourseOutline {
  const modules = course.modules.map((module) => ({
    id: module.id,
    title: module.title,
    lessons: module.lessons.map(({ id, title, kind }) => ({ id, title, kind })),
    checkQuestions: module.check?.ask,
    goal: module.goal && goalSentence(module.goal),
  }));
  return {
    slug: course.slug,
    title: course.title,
    summary: course.summary,
    level: course.level,
    cover: course.cover,
    coverAlt: course.coverAlt,
    sequential: course.sequential,
    lessonCount: modules.reduce((sum, module) => sum + module.lessons.length, 0),
    modules,
  };
}

/** Every course's outline, beginner courses first, then by title. */
export function courseOutlines(): CourseOutline[] {
  return loadCourses()
    .map(courseOutline)
    .sort(
      (a, b) =>
        COURSE_LEVELS.indexOf(a.level) - COURSE_LEVELS.indexOf(b.level) ||
        a.title.localeCompare(b.title, 'en'),
    );
}

export const countLabel = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
