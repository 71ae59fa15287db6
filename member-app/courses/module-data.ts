import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { ApiError, callApi } from '../api/client.ts';
import { isSignedIn } from '../auth/session.ts';

export type ModuleData = ApiResponse<'courses/module'>;
export type CheckData = NonNullable<ModuleData['check']>;
export type CheckResult = ApiResponse<'courses/check'>;
export type GoalData = NonNullable<ModuleData['progress']['goal']>;

/** A module of a sequential course that is not open yet: the modules (1-based) it waits for. */
export interface LockedModule {
  locked: readonly number[];
}

export const moduleQuery = (course: string, module: string) =>
  queryOptions({
    queryKey: ['courses/module', course, module],
    queryFn: () => callApi('courses/module', { course, module }),
  });

/**
 * Members: the module's lessons and their progress, its check's questions (no answers) and their
 * attempts, or why it is locked. Visitors: no call.
 */
export async function loadModule(
  client: QueryClient,
  course: string,
  module: string,
): Promise<ModuleData | LockedModule | null> {
  if (!isSignedIn()) return null;
  try {
    return await client.fetchQuery(moduleQuery(course, module));
  } catch (caught) {
    if (caught instanceof ApiError && caught.body.locked === true)
      return {
        locked: Array.isArray(caught.body.waiting) ? caught.body.waiting.filter(Number.isInteger) : [],
      };
    throw caught;
  }
}

/** A lesson's page: its video (at its chapter) or its article. */
export function lessonHref(lesson: {
  videoPath?: string | undefined;
  chapterStart?: number | undefined;
  article?: string | undefined;
}): string {
  if (!lesson.videoPath) return `/articles/${lesson.article ?? ''}`;
  return lesson.chapterStart ? `${lesson.videoPath}?t=${lesson.chapterStart}` : lesson.videoPath;
}
