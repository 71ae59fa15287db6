import { doneRule, type LessonPlace } from './lesson-place.ts';
import './lesson-bar.css';

/**
 * The course bar on a lesson's page (a video or an article opened from a course, functions/_lib/courses/lesson-link.ts):
 * the course and module, "Lesson 3 of 5", whether the lesson is done and the rule that makes it
 * done, *Next lesson* and *Back to the module*. Until the progress is read it keeps its height; a
 * failed read still leads back to the course.
 */
export function LessonCourseBar({
  course,
  place,
  status,
}: {
  course: string;
  place: LessonPlace | null;
  status: 'loading' | 'ready' | 'failed';
}) {
  if (status === 'ready' && !place) return null;
  return (
    <nav className="lesson-bar" aria-label="Course">
      {status === 'loading' ? (
        <p className="lesson-bar__where" role="status">
          Loading the course…
        </p>
      ) : !place ? (
        <p className="lesson-bar__where">
          We could not load your course. <a href={`/courses/${course}`}>Back to the course</a>
        </p>
      ) : (
        <>
          <p className="lesson-bar__where">
            <a href={`/courses/${place.course.slug}`}>{place.course.title}</a> · Module {place.module.number}:{' '}
            {place.module.title}
          </p>
          <p className="lesson-bar__state">
            <strong>
              Lesson {place.position} of {place.count}
            </strong>{' '}
            ·{' '}
            {place.done ? (
              <span className="lesson-bar__done">✓ Done</span>
            ) : (
              <span className="lesson-bar__todo">Not done yet</span>
            )}{' '}
            <span className="muted">{doneRule(place.kind)}</span>
          </p>
          <p className="lesson-bar__links">
            {place.next && (
              <a className="btn btn-primary btn-sm" href={place.next.href}>
                Next lesson: {place.next.title}
              </a>
            )}
            <a className={`btn btn-sm ${place.next ? 'btn-ghost' : 'btn-primary'}`} href={place.module.href}>
              Back to the module
            </a>
          </p>
        </>
      )}
    </nav>
  );
}
