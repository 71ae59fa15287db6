import { validAccessToken } from '../auth/session.ts';
import { attachReadMark, sendArticleRead } from './read-mark.ts';

/**
 * A free article's end for a signed-in reader (site/components/ArticleReadMark.astro): the page
 * loads this module only when someone is signed in, so visitors load nothing. The stored token is
 * used as is: an expired one is refused and the mark goes away until the member app renews it.
 */
export function mountReadMark(host: HTMLElement): void {
  const slug = host.dataset.readMark;
  if (slug) attachReadMark(host, slug, (article) => sendArticleRead(article, async () => validAccessToken()));
}
