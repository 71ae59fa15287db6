import { lazy, Suspense } from 'react';
import { useSignedIn } from '../auth/useSession.ts';

// Its own chunk, fetched only on a lesson opened from a course: the app's first load stays as it is.
const LessonBarInApp = lazy(() => import('./LessonBarInApp.tsx'));

/** The course bar's place on a video lesson's page: signed-in members only (visitors get the pitch). */
export function LessonBarSlot({ course, lesson }: { course: string; lesson: string }) {
  if (!useSignedIn()) return null;
  return (
    <Suspense fallback={<div className="lesson-bar" aria-hidden="true" />}>
      <LessonBarInApp course={course} lesson={lesson} />
    </Suspense>
  );
}
