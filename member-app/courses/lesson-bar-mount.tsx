import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { courseLesson } from '../../functions/_lib/courses/lesson-link.ts';
import { ARTICLE_READ_EVENT } from '../articles/read-mark.ts';
import { AuthHost } from '../auth/AuthHost.tsx';
import { LessonCourseBar } from './LessonCourseBar.tsx';
import { lessonPlace } from './lesson-place.ts';
import { useProgress } from './progress-load.ts';

/**
 * The course bar on a pre-built article page opened from a course (`?course=…&lesson=…`), loaded
 * by site/components/courses/LessonBarLoader.astro only for a signed-in reader with those
 * parameters. As on the course pages (progress-mount.tsx), its own router in memory hosts the
 * sign-in SDK; the progress is read again when the article's read mark says it is read.
 */
export function mountLessonBar(doc: Document): void {
  const slot = doc.querySelector<HTMLElement>('[data-lesson-bar]');
  const found = courseLesson(Object.fromEntries(new URLSearchParams(doc.location.search)));
  if (!slot || !found) return;
  const root = createRootRoute({
    component: () => (
      <>
        <ArticleLessonBar {...found} />
        <AuthHost />
      </>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory() });
  createRoot(slot).render(<RouterProvider router={router} />);
}

function ArticleLessonBar({ course, lesson }: { course: string; lesson: string }) {
  const { state, reload } = useProgress();
  useEffect(() => {
    const read = () => void reload();
    document.addEventListener(ARTICLE_READ_EVENT, read);
    return () => document.removeEventListener(ARTICLE_READ_EVENT, read);
  }, [reload]);
  if (state.status === 'signed-out') return null;
  return (
    <LessonCourseBar
      course={course}
      place={state.status === 'ready' ? lessonPlace(state.data, course, lesson) : null}
      status={state.status === 'ready' ? 'ready' : state.status}
    />
  );
}
