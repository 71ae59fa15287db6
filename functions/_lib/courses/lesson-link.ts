/*
 * A lesson page opened from a course carries `course` and `lesson` in its address: the page then
 * shows the course bar (LessonCourseBar.tsx). The lesson's id, not the video's or the article's:
 * one video can be two lessons of a course (two chapters). No imports: the video page's route
 * reads the search in the member app's first load, and the server links rules to their lessons
 * (rules-taken.ts): shared by both, so it lives below both.
 */

const ID = /^[a-z0-9-]{1,80}$/;

/** A lesson's page address (`/articles/x`, `/videos/watch/…?t=30`) with its course and lesson. */
export function inCourse(href: string, course: string, lesson: string): string {
  const [path = '', query = ''] = href.split('?');
  const search = new URLSearchParams(query);
  search.set('course', course);
  search.set('lesson', lesson);
  return `${path}?${search}`;
}

/** The course and lesson named in a page's search, when both are ids; else null (no bar). */
export function courseLesson(search: {
  course?: unknown;
  lesson?: unknown;
}): { course: string; lesson: string } | null {
  const { course, lesson } = search;
  return typeof course === 'string' && typeof lesson === 'string' && ID.test(course) && ID.test(lesson)
    ? { course, lesson }
    : null;
}
