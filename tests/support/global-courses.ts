// Vitest globalSetup: the course functions import the bundle the build writes from content/courses
// (functions/_lib/courses/courses.gen.json, git-ignored). Write it here too, as for the articles.
import { writeCourseBundle } from '../../functions/_lib/courses/bundle.ts';

export default function setup(): void {
  writeCourseBundle();
}
