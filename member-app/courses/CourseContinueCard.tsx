import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { CourseBar } from './CourseBar.tsx';
import { inCourse } from './lesson-link.ts';
import {
  type CourseProgressData,
  completedCourse,
  courseToContinue,
  progressQuery,
} from './progress-data.ts';

/**
 * The dashboard's course card. *Continue your course*: the course to continue, its percent and the
 * next lesson with its module, opened in the course (its page shows the course bar). Once every
 * course is complete, *Course complete*: the course and its certificate (or where to issue it).
 * Its progress is read once the first screen is painted (`load`); until then the card keeps its
 * place with the same rows, empty, so nothing below it moves when they fill. It goes when there is
 * no course to show or the read fails (the dashboard's other cards stay).
 */
export function CourseContinueCard({ load }: { load: boolean }) {
  const { data, isPending, isError } = useQuery({ ...progressQuery, enabled: load });
  const course = courseToContinue(data);
  const finished = course ? null : completedCourse(data);
  if (isError || (!isPending && !course && !finished)) return null;
  if (finished) return <CourseCompleteCard course={finished} />;
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

/** A finished course on the dashboard: its certificate's page, or the course page to issue it. */
function CourseCompleteCard({ course }: { course: CourseProgressData }) {
  return (
    <section className="card course-continue" aria-labelledby="course-continue-title">
      <h2 id="course-continue-title">Course complete</h2>
      <p className="course-continue__row">
        <a className="course-continue__course" href={`/courses/${course.slug}`}>
          {course.title}
        </a>{' '}
        · 100% complete
      </p>
      <p className="course-continue__row">
        {course.certificate ? (
          <a className="btn btn-primary btn-sm" href={course.certificate.path}>
            View your certificate
          </a>
        ) : (
          <a className="btn btn-primary btn-sm" href={`/courses/${course.slug}`}>
            Get your certificate
          </a>
        )}
      </p>
    </section>
  );
}
