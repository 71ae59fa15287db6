/**
 * The editor's preview panes, in the markup the site builds (site/pages/[page].astro and
 * site/pages/articles/[slug].astro) and with the styles the built pages inline (preview.css, taken
 * from the build by site/integrations/content-editor.ts), so an editor sees what visitors will see.
 */
import type { PreviewTemplateComponentProps } from 'decap-cms-core';
import { isEmailName } from '../../functions/_lib/mail/catalog.ts';
import { formatDate } from '../lib/article-date.ts';
import { EMAIL_COLLECTION, PAGES } from './collections.ts';
import { previewEmail } from './email-preview.ts';

const text = (props: PreviewTemplateComponentProps, field: string): string | undefined => {
  const value: unknown = props.entry.getIn(['data', field]);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

/** A page of content/pages/ with the `pages` schema: /faq, /terms, /privacy… */
export function StaticPagePreview(props: PreviewTemplateComponentProps) {
  const dates = [
    text(props, 'updated') && `Last updated ${text(props, 'updated')}`,
    text(props, 'effective') && `Effective ${text(props, 'effective')}`,
  ].filter(Boolean);
  return (
    <article className="container page">
      <header className="page__header">
        <h1>{text(props, 'heading') ?? text(props, 'title')}</h1>
        {dates.length > 0 && <p className="page__dates">{dates.join(' · ')}</p>}
        {text(props, 'intro') && <p className="lead">{text(props, 'intro')}</p>}
      </header>
      <div className="prose page__body">{props.widgetFor('body')}</div>
    </article>
  );
}

/** An article as its page shows it to a reader of the whole body. */
export function ArticlePreview(props: PreviewTemplateComponentProps) {
  const image = text(props, 'image');
  const date = text(props, 'date');
  return (
    <div className="container article-page">
      <article className="article">
        <header className="article__header">
          {date && <p className="article-meta">{formatDate(date)}</p>}
          <h1>{text(props, 'title')}</h1>
          <p className="lead">{text(props, 'preview')}</p>
        </header>
        {image && (
          <img
            className="article__cover"
            src={props.getAsset(image).url}
            alt={text(props, 'imageAlt') ?? ''}
            width="1200"
            height="630"
          />
        )}
        <div className="article__layout">
          <div className="article__main">
            <div className="prose article-body">{props.widgetFor('body')}</div>
          </div>
        </div>
      </article>
    </div>
  );
}

/**
 * An email as the member receives it (email-preview.ts): the subject line, then the HTML body with a
 * sample value in each placeholder and the footer (the reason, the product's name and address), then
 * the plain-text part. Placeholders the build would refuse are named above it.
 */
export function EmailPreview(props: PreviewTemplateComponentProps) {
  const name = String(props.entry.get('slug') ?? '');
  if (!isEmailName(name)) return <p>Not an email of the product.</p>;
  const field = (key: string) => {
    const value: unknown = props.entry.getIn(['data', key]);
    return typeof value === 'string' ? value : '';
  };
  const { email, bodyHtml, problems } = previewEmail(name, {
    subject: field('subject'),
    reason: field('reason'),
    body: field('body'),
  });
  return (
    <div className="email-preview" style={{ background: '#ffffff', color: '#1a1a1a', minHeight: '100vh' }}>
      <div
        style={{
          maxWidth: 560,
          margin: '0 auto',
          padding: 24,
          font: "16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
        }}
      >
        {problems.length > 0 && (
          <ul className="email-preview__problems" role="alert" style={{ color: '#b00020' }}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <p className="email-preview__subject" style={{ borderBottom: '1px solid #ddd', paddingBottom: 12 }}>
          <strong>Subject:</strong> {email.subject}
        </p>
        {/* Markdown rendered and sanitized by the sending code (templates.ts), values escaped. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by renderEmail, as sent */}
        <div className="email-preview__body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        <details style={{ marginTop: 24 }}>
          <summary>Plain-text part</summary>
          <pre className="email-preview__text" style={{ whiteSpace: 'pre-wrap' }}>
            {email.text}
          </pre>
        </details>
      </div>
    </div>
  );
}

/** Preview templates by entry name (file collections) or collection name (articles). */
export const PREVIEWS: Record<string, (props: PreviewTemplateComponentProps) => React.JSX.Element> = {
  ...Object.fromEntries(
    PAGES.files
      .filter((file) => file.file.endsWith(`/${file.name}.md`) && file.schema === PAGES.files[0]?.schema)
      .map((file) => [file.name, StaticPagePreview]),
  ),
  articles: ArticlePreview,
  ...Object.fromEntries(EMAIL_COLLECTION.files.map((file) => [file.name, EmailPreview])),
};
