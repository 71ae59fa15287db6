/**
 * The course functions' bundle: every course of content/courses, checked (content.ts) and with each
 * lesson's notes rendered to safe HTML, written to courses.gen.json beside this file by the
 * courseBundle integration (astro.config.mjs) and by the tests' global setup. It holds the answers
 * and explanations, so it lives under functions/ only: never under site/public or dist.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { videoPath } from '../../../member-app/videos/slug.ts';
import { videosContent } from '../library/content-schema.ts';
import { COURSES_DIR, loadCourses } from './content.ts';
import type { Course } from './course-schema.ts';
import type { BundledCourse } from './library.ts';

export { COURSES_DIR };
export const COURSE_BUNDLE_FILE = 'functions/_lib/courses/courses.gen.json';

const markdown = new Marked({ gfm: true, async: false });

/** What lesson notes may hold: text formatting, lists and links (https, mailto or a site path). */
const NOTES_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'code',
    'pre',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href?.startsWith('https://') ? { ...attribs, rel: 'noopener' } : attribs,
    }),
  },
};

/** Markdown notes → sanitized HTML. */
export const notesHtml = (text: string): string =>
  sanitizeHtml(markdown.parse(text) as string, NOTES_HTML).trim();

/**
 * A checked course as the functions serve it: each lesson's notes as HTML, and a video lesson's
 * page address (/videos/watch/{id}/{slug}, the slug from the library's title).
 */
export const bundleCourse = (course: Course, videos: ReadonlyMap<string, LibraryVideo>): BundledCourse => ({
  ...course,
  modules: course.modules.map((module) => ({
    ...module,
    lessons: module.lessons.map(({ text, ...lesson }) => {
      const video = lesson.video ? videos.get(lesson.video) : undefined;
      return {
        ...lesson,
        ...(lesson.video && video
          ? {
              videoPath: videoPath({ id: lesson.video, title: video.title }),
              range: lessonRange(video, lesson.chapterStart, lesson.end),
            }
          : {}),
        notesHtml: notesHtml(text),
      };
    }),
  })),
});

interface LibraryVideo {
  title: string;
  duration: number;
  chapters?: readonly { startTime: number }[] | undefined;
}

/**
 * The part of its video a lesson is (fractions 0–1): from its chapter's start (or the video's) to
 * its `end`, else to the next chapter's start, else to the video's end. Fractions, so a local sample
 * clip shorter than the lesson it stands for is judged on the same share of itself.
 */
export function lessonRange(
  video: LibraryVideo,
  chapterStart: number | undefined,
  end?: number | undefined,
): [number, number] {
  if (video.duration <= 0 || (chapterStart === undefined && end === undefined)) return [0, 1];
  const start = chapterStart ?? 0;
  const next = (video.chapters ?? [])
    .map((c) => c.startTime)
    .filter((s) => s > start)
    .sort((a, b) => a - b)[0];
  const to = Math.min(1, (end ?? next ?? video.duration) / video.duration);
  return [Math.min(1, start / video.duration), to];
}

const VIDEOS_FILE = 'content/library/videos.json';

/** Writes the bundle when the courses changed. Returns the number of courses and whether it was written. */
export function writeCourseBundle(root = process.cwd()): { courses: number; written: boolean } {
  const library = videosContent.parse(JSON.parse(readFileSync(path.join(root, VIDEOS_FILE), 'utf8')));
  const videos = new Map(library.videos.map((v) => [v.id, v]));
  const courses = loadCourses(root).map((course) => bundleCourse(course, videos));
  const json = `${JSON.stringify(courses, null, 2)}\n`;
  const file = path.join(root, COURSE_BUNDLE_FILE);
  if (existsSync(file) && readFileSync(file, 'utf8') === json)
    return { courses: courses.length, written: false };
  writeFileSync(file, json);
  return { courses: courses.length, written: true };
}
