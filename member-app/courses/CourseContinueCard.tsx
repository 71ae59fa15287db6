import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { inCourse } from '../../functions/_lib/courses/lesson-link.ts';
import { CourseBar } from './CourseBar.tsx';
import {
  type CourseProgressData,
  completedCourses,
  courseToContinue,
  progressQuery,
} from './progress-data.ts';

/**
 * The dashboard's course card. *Continue your course*: the course to continue, its percent and the
 * next lesson with its module, opened in the course (its page shows the course bar). Each completed
 * course is listed under it with its certificate (or where to issue it); once no course is left to
 * continue the card is *Course complete* with that list alone.
 * Its progress is read once the first screen is painted (`load`); until then the card keeps its
 * place with the same rows, empty, so nothing below it moves when they fill. It goes when there is
 * no course to show or the read fails (the dashboard's other cards stay).
 */
export function CourseContinueCard({ load }: { load: boolean }) {
  const { data, isPending, isError } = useQuery({ ...progressQuery, enabled: load });
  const course = courseToContinue(data);
  const finished = completedCourses(data);
  if (isError || (!isPending && !course && finished.length === 0)) return null;
  if (!isPending && !course)
    return (
      <section className="card course-continue" aria-labelledby="course-continue-title">
        <h2 id="course-continue-title">Course complete</h2>
        <CoursesDone courses={finished} />
      </section>
    );
  const module = course?.modules.find((m) => m.id === course.next?.module);
  return (
    <section className="card course-continue" aria-labelledby="course-continue-title">
      <h2 id="course-continue-title">Continue your course</h2>
      {/* Keyed: the loaded rows replace the placeholders as new nodes, so none counts as a layout shift. */}
      {course?.next ? (
        <Fragment key="course">
          <p className="course-continue__row">
            <a className="course-continue__course" href={`/courses/${course.slug}`}>
              {course.title}
            </a>
          </p>
          <div className="course-continue__bar">
            <CourseBar percent={course.percent} label={`${course.title}: your progress`} />
            <span className="course-continue__percent">{course.percent}% complete</span>
          </div>
          <p className="course-continue__row">
            Next lesson:{' '}
            <a href={inCourse(course.next.href, course.slug, course.next.lesson)}>{course.next.title}</a>
            {module && (
              <span className="muted">
                {' '}
                · Module {course.modules.indexOf(module) + 1}: {module.title}
              </span>
            )}
          </p>
          <CoursesDone courses={finished} />
        </Fragment>
      ) : (
        <Fragment key="loading">
          <p className="course-continue__row" role="status">
            Loading your course…
          </p>
          <div className="course-continue__bar" aria-hidden="true">
            <CourseBar percent={0} label="" />
            <span className="course-continue__percent">&nbsp;</span>
          </div>
          <p className="course-continue__row" aria-hidden="true">
            &nbsp;
          </p>
        </Fragment>
      )}
    </section>
  );
}

/** Finished courses: each with its certificate's page, or the course page where it is issued. */
function CoursesDone({ courses }: { courses: readonly CourseProgressData[] }) {
  if (courses.length === 0) return null;
  return (
    <ul className="course-continue__done">
      {courses.map((course) => (
        <li key={course.slug}>
          ✓ <a href={`/courses/${course.slug}`}>{course.title}</a> completed ·{' '}
          {course.certificate ? (
            <a href={course.certificate.path}>View your certificate</a>
          ) : (
            <a href={`/courses/${course.slug}`}>Get your certificate</a>
          )}
        </li>
      ))}
    </ul>
  );
}
