/**
 * Articles for the static pages (build time only: reads content/articles through the same loader
 * that writes the functions' bundle, so pages and API answers never disagree).
 */
import { loadArticles } from '../../functions/_lib/articles/content.ts';
import type { Article } from '../../functions/_lib/contract/index.ts';

export { articleSlug, previewText } from '../../functions/_lib/articles/rules.ts';
export { formatDate } from './article-date.ts';
export type { Article };

/** What a page may know about an article: a members-only article's body stays out of every page. */
export type PublicArticle = Omit<Article, 'body'> & { body: string | null };

/** Every article, newest first, with the bodies of members-only ones removed. */
export function publicArticles(): PublicArticle[] {
  return loadArticles().map((article) => (article.free ? article : { ...article, body: null }));
}
