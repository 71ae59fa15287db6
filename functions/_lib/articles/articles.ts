import type { Caller } from '../auth/verify.ts';
import type { Article } from '../contract.ts';

/** The published articles, newest first: the deploy's bundle (library.ts), or a test's own list. */
export interface ArticleLibrary {
  readonly articles: readonly Article[];
}

/** Free articles with their bodies, for anyone (SPEC §4: visitors load the free articles). */
export function listFreeArticles({ articles }: ArticleLibrary): Article[] {
  return articles.filter((article) => article.free);
}

/**
 * Every article with its body, for a signed-in member. Access is decided here, from the caller the
 * token names: today every verified member reads everything. SPEC §6 member content also needs an
 * active subscription (otherwise `{ redirect: true }`); that check belongs in this function, with
 * the ports it needs added to the first argument.
 */
export function listArticlesFor({ articles }: ArticleLibrary, _caller: Caller): Article[] {
  return [...articles];
}
