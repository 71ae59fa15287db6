/**
 * Every lesson of every course in course order, and which lessons a video or an article is, so a
 * watch report or an article read updates the operator's counters of each lesson it is
 * (progress-keys.ts courseStatsKeys) in the same write.
 */
import type { BundledCourse, BundledLesson } from './library.ts';

export interface IndexedLesson {
  course: string;
  module: string;
  lesson: BundledLesson;
  /** The lesson's place in its course over all modules (0-based): the furthest-lesson score. */
  index: number;
}

export const courseLessons = (course: BundledCourse): IndexedLesson[] =>
  course.modules
    .flatMap((module) => module.lessons.map((lesson) => ({ module: module.id, lesson })))
    .map((entry, index) => ({ course: course.slug, ...entry, index }));

export interface LessonIndex {
  byVideo: ReadonlyMap<string, IndexedLesson[]>;
  byArticle: ReadonlyMap<string, IndexedLesson[]>;
}

export function indexLessons(courses: readonly BundledCourse[]): LessonIndex {
  const byVideo = new Map<string, IndexedLesson[]>();
  const byArticle = new Map<string, IndexedLesson[]>();
  for (const entry of courses.flatMap(courseLessons)) {
    const [map, key] = entry.lesson.video ? [byVideo, entry.lesson.video] : [byArticle, entry.lesson.article];
    if (key === undefined) continue;
    map.set(key, [...(map.get(key) ?? []), entry]);
  }
  return { byVideo, byArticle };
}
