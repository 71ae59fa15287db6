import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { CheckForm } from './CheckForm.tsx';
import { lessonHref, type ModuleData } from './module-data.ts';
import './courses.css';

/** /learn/{course}/{module}: the module's lessons with their notes, then its knowledge check. */
export function ModulePage({ data, course }: { data: ModuleData | null; course: string }) {
  if (!data)
    return (
      <section className="member-page">
        <VisitorPitch heading="Members' course">
          Members read every lesson's notes and take each module's knowledge check. See the outline at{' '}
          <a href={`/courses/${course}`}>the course page</a>.
        </VisitorPitch>
      </section>
    );
  return (
    <section className="member-page learn-page" aria-labelledby="page-title">
      <p className="muted">
        <a href={`/courses/${data.course.slug}`}>{data.course.title}</a>
      </p>
      <h1 id="page-title">{data.module.title}</h1>
      <ol className="learn-lessons">
        {data.lessons.map((lesson) => (
          <li key={lesson.id} className="card">
            <h2>
              <a href={lessonHref(lesson)}>{lesson.title}</a>{' '}
              <span className="muted">({lesson.kind === 'video' ? 'video' : 'article'})</span>
            </h2>
            {/* Rendered from Markdown and sanitized at build (functions/_lib/courses/bundle.ts). */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized at build */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: lesson.notesHtml }} />
          </li>
        ))}
      </ol>
      {data.check && <CheckForm course={data.course.slug} module={data.module.id} check={data.check} />}
    </section>
  );
}
