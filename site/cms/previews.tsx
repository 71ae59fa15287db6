/**
 * The editor's preview panes, in the markup the site builds (site/pages/[page].astro and
 * site/pages/articles/[slug].astro) and with the styles the built pages inline (preview.css, taken
 * from the build by site/integrations/content-editor.ts), so an editor sees what visitors will see.
 */
import type { PreviewTemplateComponentProps } from 'decap-cms-core';
import { formatDate } from '../lib/article-date.ts';
import { PAGES } from './collections.ts';

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

/** Preview templates by entry name (file collections) or collection name (articles). */
export const PREVIEWS: Record<string, (props: PreviewTemplateComponentProps) => React.JSX.Element> = {
  ...Object.fromEntries(
    PAGES.files
      .filter((file) => file.file.endsWith(`/${file.name}.md`) && file.schema === PAGES.files[0]?.schema)
      .map((file) => [file.name, StaticPagePreview]),
  ),
  articles: ArticlePreview,
};
