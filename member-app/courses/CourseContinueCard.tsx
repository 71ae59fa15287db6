import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { CourseBar } from './CourseBar.tsx';
import { courseToContinue, progressQuery } from './progress-data.ts';

/**
 * The dashboard's *Continue your course* card: the course to continue, its percent and the next
 * lesson. Its progress is read once the first screen is painted (`load`); until then the card
 * keeps its place with the same rows, empty, so nothing below it moves when they fill. It goes
 * when there is no course left to continue or the read fails (the dashboard's other cards stay).
 */
export function CourseContinueCard({ load }: { load: boolean }) {
  const { data, isPending, isError } = useQuery({ ...progressQuery, enabled: load });
  const course = courseToContinue(data);
  if (isError || (!isPending && !course)) return null;
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
            Next: <a href={course.next.href}>{course.next.title}</a>
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
