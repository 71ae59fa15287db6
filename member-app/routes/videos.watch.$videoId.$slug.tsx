import { createFileRoute } from '@tanstack/react-router';
import { courseLesson } from '../../functions/_lib/courses/lesson-link.ts';
import { LessonBarSlot } from '../courses/LessonBarSlot.tsx';
import { watchSearch } from '../videos/start-time.ts';
import { WatchVideo } from '../videos/WatchVideo.tsx';
import { loadWatch } from '../videos/watch-data.ts';

export const Route = createFileRoute('/videos/watch/$videoId/$slug')({
  staticData: { title: 'Watch Video', skeleton: 'heading player rows' },
  // `?t=SECONDS` starts the player there (a chapter link); `course` and `lesson` show the course
  // bar (a lesson opened from a course); anything else is dropped.
  validateSearch: watchSearch,
  loader: ({ context, params }) => loadWatch(context.queryClient, params.videoId, params.slug),
  component: Watch,
});

function Watch() {
  const data = Route.useLoaderData();
  const { t, ...search } = Route.useSearch();
  const lesson = courseLesson(search);
  // A new video, or a new start time, is a new page: player, chapters and saved position start over.
  return (
    <WatchVideo
      key={`${data.video.id}@${t ?? ''}`}
      {...data}
      {...(t === undefined ? {} : { startTime: t })}
      courseBar={lesson && <LessonBarSlot {...lesson} />}
    />
  );
}
