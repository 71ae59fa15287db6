import { queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

export type ProgressData = ApiResponse<'courses/progress'>;
export type CourseProgressData = ProgressData['courses'][number];
export type ModuleProgressData = CourseProgressData['modules'][number];

/**
 * Every course with the member's progress (docs/courses.md): the course pages, the dashboard's
 * *Continue your course* card and the module pages read this one answer. Anything that changes
 * progress (a check answered, a certificate, the account size) invalidates it.
 */
export const progressQuery = queryOptions({
  queryKey: ['courses/progress'],
  queryFn: () => callApi('courses/progress', {}),
});

/** The course to continue: the first started and not complete, else the first not complete. */
export function courseToContinue(data: ProgressData | undefined): CourseProgressData | null {
  const open = (data?.courses ?? []).filter((c) => !c.complete && c.next);
  return open.find((c) => c.started) ?? open[0] ?? null;
}

/** The courses the member has completed, each shown on the dashboard with its certificate. */
export function completedCourses(data: ProgressData | undefined): CourseProgressData[] {
  return (data?.courses ?? []).filter((c) => c.complete);
}
