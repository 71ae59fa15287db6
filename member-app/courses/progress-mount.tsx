import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { AuthHost } from '../auth/AuthHost.tsx';
import { CourseCardsProgress } from './CourseCardsProgress.tsx';
import { CourseOutlineProgress, outlineMarks } from './CourseOutlineProgress.tsx';
import { useProgress } from './progress-load.ts';
import './progress-view.css';

/**
 * A signed-in member's progress on the pre-built course pages (loaded by
 * site/components/courses/CourseProgressLoader.astro only for them): on /courses/{slug} the panel
 * in its `data-course-progress` slot and the marks of the outline, on /courses each card's
 * percent. As for a members-only article (articles/mount.tsx), the sign-in SDK host comes along so
 * an expired token is renewed, with a router of its own in memory that never touches the address
 * bar. One read of `courses/progress` per page load, and one after each change (progress-load.ts).
 */
export function mountCourseProgress(doc: Document): void {
  const panel = doc.querySelector<HTMLElement>('[data-course-progress]');
  const cards = [...doc.querySelectorAll<HTMLElement>('[data-course-card-progress]')];
  if (!panel && cards.length === 0) return;
  const marks = panel ? outlineMarks(doc) : null;
  const slug = panel?.dataset.courseProgress ?? '';
  const root = createRootRoute({
    component: () => (
      <>
        <Progress slug={slug} marks={marks} cards={cards} />
        <AuthHost />
      </>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory() });
  // On the list the cards' marks are filled through portals: the root itself shows nothing.
  const host = panel ?? doc.body.appendChild(doc.createElement('div'));
  createRoot(host).render(<RouterProvider router={router} />);
}

/** The course page's panel and marks when there is an outline (`marks`), else the list's percents. */
function Progress({
  slug,
  marks,
  cards,
}: {
  slug: string;
  marks: ReturnType<typeof outlineMarks> | null;
  cards: readonly HTMLElement[];
}) {
  const { state, reload } = useProgress();
  return marks ? (
    <CourseOutlineProgress slug={slug} marks={marks} state={state} reload={reload} />
  ) : (
    <CourseCardsProgress marks={cards} state={state} />
  );
}
