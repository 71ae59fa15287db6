import { inCourse } from '../../functions/_lib/courses/lesson-link.ts';
import type { CourseProgressData, ProgressData } from './progress-data.ts';

/** Where a lesson sits in its course, for the course bar on its page (LessonCourseBar.tsx). */
export interface LessonPlace {
  course: { slug: string; title: string };
  module: { number: number; title: string; href: string };
  /** 1-based place in its module, and how many lessons the module has. */
  position: number;
  count: number;
  kind: 'video' | 'article';
  done: boolean;
  /** The module's next lesson, opened in the course too; null on its last lesson. */
  next: { title: string; href: string } | null;
}

/** The lesson `lesson` of course `course` in the member's progress, or null if there is none. */
export function lessonPlace(
  data: ProgressData | undefined,
  course: string,
  lesson: string,
): LessonPlace | null {
  const found: CourseProgressData | undefined = data?.courses.find((c) => c.slug === course);
  if (!found) return null;
  for (const [index, module] of found.modules.entries()) {
    const at = module.lessons.findIndex((l) => l.id === lesson);
    const here = module.lessons[at];
    if (!here) continue;
    const next = module.lessons[at + 1];
    return {
      course: { slug: found.slug, title: found.title },
      module: { number: index + 1, title: module.title, href: `/learn/${found.slug}/${module.id}` },
      position: at + 1,
      count: module.lessons.length,
      kind: here.kind,
      done: here.done,
      next: next ? { title: next.title, href: inCourse(next.href, found.slug, next.id) } : null,
    };
  }
  return null;
}

/** The rule that makes a lesson done, as the server judges it (functions/_lib/courses/course-progress.ts). */
export const doneRule = (kind: LessonPlace['kind']) =>
  kind === 'video'
    ? 'Counts as done once you have watched 90% of it.'
    : 'Counts as done once you have read it to the end.';
