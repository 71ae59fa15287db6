import type { Course, CourseModule, Lesson } from './course-schema.ts';
import bundled from './courses.gen.json' with { type: 'json' };

/**
 * The courses of this deploy: content/courses checked and rendered into courses.gen.json by the
 * build (the courseBundle integration, like the articles' bundle), which the function bundler
 * inlines. The answers stay on the server: only the course functions import this.
 */
export type BundledLesson = Omit<Lesson, 'text'> & {
  notesHtml: string;
  videoPath?: string;
  /** A video lesson's part of its video, fractions 0–1 (bundle.ts lessonRange). */
  range?: [number, number];
};
export type BundledModule = Omit<CourseModule, 'lessons'> & { lessons: BundledLesson[] };
export type BundledCourse = Omit<Course, 'modules'> & { modules: BundledModule[] };

export const courseLibrary: readonly BundledCourse[] = bundled as BundledCourse[];

/** A course by slug, or undefined. */
export const findCourse = (slug: string, courses: readonly BundledCourse[] = courseLibrary) =>
  courses.find((course) => course.slug === slug);
