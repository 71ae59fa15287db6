import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';
import { isSignedIn } from '../auth/session.ts';

export type ModuleData = ApiResponse<'courses/module'>;
export type CheckData = NonNullable<ModuleData['check']>;
export type CheckResult = ApiResponse<'courses/check'>;

export const moduleQuery = (course: string, module: string) =>
  queryOptions({
    queryKey: ['courses/module', course, module],
    queryFn: () => callApi('courses/module', { course, module }),
  });

/** Members: the module's lessons, its check's questions (no answers) and their attempts. Visitors: no call. */
export async function loadModule(client: QueryClient, course: string, module: string) {
  return isSignedIn() ? client.fetchQuery(moduleQuery(course, module)) : null;
}

/** A lesson's page: its video (from its chapter) or its article. */
export function lessonHref(lesson: { videoPath?: string | undefined; article?: string | undefined }): string {
  return lesson.videoPath ?? `/articles/${lesson.article ?? ''}`;
}
