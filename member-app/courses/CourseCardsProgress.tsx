import { createPortal } from 'react-dom';
import { CourseBar } from './CourseBar.tsx';
import type { ProgressState } from './progress-load.ts';

/**
 * The member's percent on each card of /courses, put in the card's empty mark
 * (site/components/courses/CourseCard.astro). While loading, or when the call fails, the cards stay
 * as visitors see them: the percent is a help, not the page.
 */
export function CourseCardsProgress({
  marks,
  state,
}: {
  marks: readonly HTMLElement[];
  state: ProgressState;
}) {
  if (state.status !== 'ready') return null;
  return marks.map((mark) => {
    const course = state.data.courses.find((c) => c.slug === mark.dataset.courseCardProgress);
    if (!course) return null;
    return createPortal(
      <>
        <CourseBar percent={course.percent} label={`${course.title}: your progress`} />
        <span className="course-card__percent">
          {course.complete ? 'Completed' : `${course.percent}% complete`}
        </span>
      </>,
      mark,
      course.slug,
    );
  });
}
