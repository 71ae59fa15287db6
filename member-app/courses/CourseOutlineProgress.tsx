import { useState } from 'react';
import { createPortal } from 'react-dom';
import { inCourse } from '../../functions/_lib/courses/lesson-link.ts';
import { authLinks } from '../../site/lib/nav.ts';
import { CertificatePanel } from './CertificatePanel.tsx';
import { CourseBar } from './CourseBar.tsx';
import type { CourseProgressData, ModuleProgressData } from './progress-data.ts';
import type { ProgressState } from './progress-load.ts';
import { checkState, moduleState, percentLine } from './progress-text.ts';

/** The empty marks of one module of the static outline (site/components/courses/ModuleOutline.astro). */
interface ModuleMarks {
  state: HTMLElement | null;
  /** Where *Open module N* goes, with the module page's address in `data-module-open`. */
  open: HTMLElement | null;
  check: HTMLElement | null;
  goal: HTMLElement | null;
  lessons: ReadonlyMap<string, HTMLElement>;
}

/** Finds each module's marks in the page, by the module and lesson ids the build wrote. */
export function outlineMarks(root: ParentNode): ReadonlyMap<string, ModuleMarks> {
  const marks = new Map<string, ModuleMarks>();
  for (const section of root.querySelectorAll<HTMLElement>('[data-course-module]')) {
    const lessons = new Map<string, HTMLElement>();
    for (const item of section.querySelectorAll<HTMLElement>('[data-lesson]')) {
      const mark = item.querySelector<HTMLElement>('[data-lesson-state]');
      if (mark && item.dataset.lesson) lessons.set(item.dataset.lesson, mark);
    }
    marks.set(section.dataset.courseModule ?? '', {
      state: section.querySelector('[data-module-state]'),
      open: section.querySelector('[data-module-open]'),
      check: section.querySelector('[data-check-state]'),
      goal: section.querySelector('[data-goal-state]'),
      lessons,
    });
  }
  return marks;
}

/**
 * A member's progress on a course's outline (/courses/{slug}): the panel under the summary
 * (percent, the next lesson, the certificate once complete) and, in the outline the build wrote,
 * each module's state, each lesson done or started, the check's result and the goal's count.
 */
export function CourseOutlineProgress({
  slug,
  marks,
  state,
  reload,
}: {
  slug: string;
  marks: ReadonlyMap<string, ModuleMarks>;
  state: ProgressState;
  reload: () => Promise<void>;
}) {
  const [retrying, setRetrying] = useState(false);
  switch (state.status) {
    case 'loading':
      return (
        <p className="course-progress__status" role="status">
          Loading your progress…
        </p>
      );
    case 'signed-out':
      return (
        <p className="course-progress__status">
          Your session has ended. <a href={authLinks.signIn}>Sign in again</a> to see your progress.
        </p>
      );
    case 'failed':
      return (
        <div className="course-progress__status" role="alert">
          <p>We could not load your progress. Check your connection and try again.</p>
          <button
            className="btn btn-ghost btn-sm"
            type="button"
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              void reload().finally(() => setRetrying(false));
            }}
          >
            Try again
          </button>
        </div>
      );
  }
  const course = state.data.courses.find((c) => c.slug === slug);
  if (!course) return null;
  return (
    <>
      <ProgressSummary course={course} />
      {course.complete && <CertificatePanel course={course} onChange={reload} />}
      {course.modules.map((module, index) => {
        const found = marks.get(module.id);
        return found ? (
          <ModuleProgress
            key={module.id}
            number={index + 1}
            text={moduleState(course.modules, index)}
            module={module}
            marks={found}
          />
        ) : null;
      })}
    </>
  );
}

function ProgressSummary({ course }: { course: CourseProgressData }) {
  return (
    <section className="course-progress__summary" aria-label="Your progress">
      <CourseBar percent={course.percent} label="Your progress in this course" />
      <p className="course-progress__line">{percentLine(course)}</p>
      {course.next && (
        <a className="btn btn-primary" href={inCourse(course.next.href, course.slug, course.next.lesson)}>
          {course.started ? `Continue: ${course.next.title}` : 'Start the course'}
        </a>
      )}
    </section>
  );
}

function ModuleProgress({
  module,
  number,
  text,
  marks,
}: {
  module: ModuleProgressData;
  number: number;
  text: string;
  marks: ModuleMarks;
}) {
  const { check, goal } = module;
  return (
    <>
      {module.unlocked &&
        marks.open &&
        createPortal(
          <a className="btn btn-primary btn-sm" href={marks.open.dataset.moduleOpen}>
            Open module {number}
          </a>,
          marks.open,
        )}
      {marks.state &&
        createPortal(
          <span className={module.complete ? 'course-state course-state--complete' : 'course-state'}>
            {text}
          </span>,
          marks.state,
        )}
      {module.lessons.map((lesson) => {
        const mark = marks.lessons.get(lesson.id);
        if (!mark || !(lesson.done || lesson.started)) return null;
        return createPortal(
          lesson.done ? (
            <span className="course-done" title="Done">
              <CheckMark />
              <span className="visually-hidden">Done</span>
            </span>
          ) : (
            <span className="course-started">Started</span>
          ),
          mark,
          lesson.id,
        );
      })}
      {check &&
        marks.check &&
        createPortal(
          <span className={check.passed ? 'course-mark course-mark--met' : 'course-mark'}>
            <span className="visually-hidden">: </span>
            {checkState(check)}
          </span>,
          marks.check,
        )}
      {goal &&
        marks.goal &&
        createPortal(
          <span className={goal.met ? 'course-mark course-mark--met' : 'course-mark'}>
            <span className="visually-hidden">: </span>
            <a href={goal.href}>
              {goal.count} of {goal.target}
            </a>
            {goal.met && ' · Met'}
            {goal.hint && <span className="course-mark__hint">{goal.hint}</span>}
          </span>,
          marks.goal,
        )}
    </>
  );
}

function CheckMark() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
