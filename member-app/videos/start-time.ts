/**
 * A video page's start time, `?t=SECONDS` (chapter links: course lessons, a check's Review links).
 * The router may hand the value over parsed (30) or as text ("30").
 */

/** A whole, non-negative number of seconds, else undefined (the parameter is then ignored). */
export function startParam(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,6}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * The search the video page's route keeps: `t` only when it is valid, and the `course` and
 * `lesson` of a lesson opened from a course (checked where the course bar reads them,
 * functions/_lib/courses/lesson-link.ts, outside the app's first load).
 */
export function watchSearch(search: Record<string, unknown>): {
  t?: number;
  course?: unknown;
  lesson?: unknown;
} {
  const t = startParam(search.t);
  const { course, lesson } = search;
  return { ...(t === undefined ? {} : { t }), ...(course && lesson ? { course, lesson } : {}) };
}

/** Where the player starts: `t` when it lies within the video, else the resume position. */
export function startPosition(t: number | undefined, duration: number, resume: number): number {
  return t !== undefined && t <= duration ? t : resume;
}
