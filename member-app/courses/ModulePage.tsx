import { inCourse } from '../../functions/_lib/courses/lesson-link.ts';
import { opensOnce } from '../../functions/_lib/courses/lock-words.ts';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { CheckForm } from './CheckForm.tsx';
import { GoalPanel } from './GoalPanel.tsx';
import { type LockedModule, lessonHref, type ModuleData } from './module-data.ts';
import './courses.css';

/**
 * /learn/{course}/{module}: the module's lessons with their notes and whether each is done, its
 * knowledge check, and its practice goal counted from the member's journal.
 */
export function ModulePage({ data, course }: { data: ModuleData | LockedModule | null; course: string }) {
  if (!data)
    return (
      <section className="member-page">
        <VisitorPitch heading="Members' course">
          Members read every lesson's notes and take each module's knowledge check. See the outline at{' '}
          <a href={`/courses/${course}`}>the course page</a>.
        </VisitorPitch>
      </section>
    );
  if ('locked' in data)
    return (
      <section className="member-page learn-page" aria-labelledby="page-title">
        <h1 id="page-title">Not open yet</h1>
        <p>{opensOnce(data.locked)}.</p>
        <p>
          <a className="btn btn-primary" href={`/courses/${course}`}>
            Back to the course
          </a>
        </p>
      </section>
    );
  const states = new Map(data.progress.lessons.map((l) => [l.id, l]));
  const done = data.progress.lessons.filter((l) => l.done).length;
  return (
    <section className="member-page learn-page" aria-labelledby="page-title">
      <p className="muted">
        <a href={`/courses/${data.course.slug}`}>{data.course.title}</a> · {data.percent}% of the course
        complete
      </p>
      <h1 id="page-title">{data.module.title}</h1>
      <p className="muted">
        {data.progress.complete
          ? 'Module complete.'
          : `${done} of ${data.lessons.length} lessons done. A video counts once you have watched 90% of it; an article once read to its end.`}
      </p>
      <ol className="learn-lessons">
        {data.lessons.map((lesson) => {
          const state = states.get(lesson.id);
          return (
            <li key={lesson.id} className={`card${state?.done ? ' learn-lesson--done' : ''}`}>
              <h2>
                <a href={inCourse(lessonHref(lesson), data.course.slug, lesson.id)}>{lesson.title}</a>{' '}
                <span className="muted">({lesson.kind === 'video' ? 'video' : 'article'})</span>{' '}
                {state?.done ? (
                  <span className="learn-done">✓ Done</span>
                ) : state?.started ? (
                  <span className="learn-started">Started</span>
                ) : null}
              </h2>
              {/* Rendered from Markdown and sanitized at build (functions/_lib/courses/bundle.ts). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized at build */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: lesson.notesHtml }} />
            </li>
          );
        })}
      </ol>
      {data.check && <CheckForm course={data.course.slug} module={data.module.id} check={data.check} />}
      {data.progress.goal && <GoalPanel goal={data.progress.goal} accountSize={data.accountSize} />}
    </section>
  );
}
