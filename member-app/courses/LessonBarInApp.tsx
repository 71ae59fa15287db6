import { useQuery } from '@tanstack/react-query';
import { LessonCourseBar } from './LessonCourseBar.tsx';
import { lessonPlace } from './lesson-place.ts';
import { progressQuery } from './progress-data.ts';

/** While the lesson is not done, its state is read again this often: the player saves as it plays. */
const RECHECK_MS = 30_000;

/**
 * The course bar on a video lesson's page in the member app, loaded on its own (React.lazy) and
 * only when the address names a course, so the app's first load does not grow with it.
 */
export default function LessonBarInApp({ course, lesson }: { course: string; lesson: string }) {
  const { data, isPending, isError } = useQuery({
    ...progressQuery,
    refetchInterval: (query) => (lessonPlace(query.state.data, course, lesson)?.done ? false : RECHECK_MS),
  });
  return (
    <LessonCourseBar
      course={course}
      place={lessonPlace(data, course, lesson)}
      status={isPending ? 'loading' : isError && !data ? 'failed' : 'ready'}
    />
  );
}
