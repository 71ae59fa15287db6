import type { Caller } from '../auth/verify.ts';
import type { Article } from '../contract/index.ts';

/** The published articles, newest first: the deploy's bundle (library.ts), or a test's own list. */
export interface ArticleLibrary {
  readonly articles: readonly Article[];
}

/** Free articles with their bodies, for anyone (docs/product.md §4: visitors load the free articles). */
export function listFreeArticles({ articles }: ArticleLibrary): Article[] {
  return articles.filter((article) => article.free);
}

/**
 * Every article with its body, for a member: the handler (functions/articles.ts) has checked the
 * caller's membership first (billing/membership.ts); every member reads everything.
 */
export function listArticlesFor({ articles }: ArticleLibrary, _caller: Caller): Article[] {
  return [...articles];
}
