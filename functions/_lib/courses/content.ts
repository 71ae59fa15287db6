/**
 * Courses as editors write them: content/courses/{slug}.json. Read and checked at build (the
 * static /courses pages, site/lib/courses.ts) like the articles and the library: every problem of
 * every file is reported at once, each with its file and field, and fails the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { videosContent } from '../library/content-schema.ts';
import { type Course, courseSchema } from './course-schema.ts';
import { type CourseReferences, courseProblems } from './rules.ts';

export const COURSES_DIR = 'content/courses';
const VIDEOS_FILE = 'content/library/videos.json';
const ARTICLES_DIR = 'content/articles';
const PUBLIC_DIR = 'site/public';

export class CourseContentError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`${COURSES_DIR} has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
    this.name = 'CourseContentError';
    this.problems = problems;
  }
}

/** What courses may point at: the library's videos with their chapters, and the articles. */
export function courseReferences(root = process.cwd()): CourseReferences {
  const library = videosContent.parse(JSON.parse(readFileSync(path.join(root, VIDEOS_FILE), 'utf8')));
  const articlesDir = path.join(root, ARTICLES_DIR);
  const articles = existsSync(articlesDir) ? readdirSync(articlesDir) : [];
  return {
    videos: new Map(library.videos.map((v) => [v.id, v.chapters.map((c) => c.startTime)])),
    lengths: new Map(library.videos.map((v) => [v.id, v.duration])),
    articles: new Set(articles.filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3))),
  };
}

/** Every course, in file-name order. Throws a CourseContentError listing every problem. */
export function loadCourses(root = process.cwd()): Course[] {
  const dir = path.join(root, COURSES_DIR);
  const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
  const refs = courseReferences(root);
  const problems: string[] = [];
  const courses: Course[] = [];
  for (const file of files.sort()) {
    const result = parseCourse(file, readFileSync(path.join(dir, file), 'utf8'), refs, (image) =>
      existsSync(path.join(root, PUBLIC_DIR, image)),
    );
    if ('problems' in result) problems.push(...result.problems);
    else courses.push(result.course);
  }
  if (problems.length > 0) throw new CourseContentError(problems);
  return courses;
}

/** One course file: the checked course, or every problem in it ("content/courses/x.json: field: message"). */
export function parseCourse(
  fileName: string,
  source: string,
  refs: CourseReferences,
  imageExists: (sitePath: string) => boolean,
): { course: Course } | { problems: string[] } {
  const where = `${COURSES_DIR}/${fileName}`;
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (error) {
    return { problems: [`${where}: is not valid JSON: ${error instanceof Error ? error.message : error}`] };
  }
  const parsed = courseSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map(
        (issue) => `${where}: ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
      ),
    };
  }
  const course = parsed.data;
  const problems = courseProblems(course, refs).map((problem) => `${where}: ${problem}`);
  if (fileName !== `${course.slug}.json`)
    problems.push(`${where}: slug: the file name must be the slug: rename it to ${course.slug}.json`);
  if (!imageExists(course.cover))
    problems.push(`${where}: cover: ${PUBLIC_DIR}${course.cover} does not exist`);
  return problems.length > 0 ? { problems } : { course };
}
