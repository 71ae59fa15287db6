import { attachReadMark } from './read-mark.ts';

/**
 * A free article's end for a signed-in reader (site/components/ArticleReadMark.astro): the page
 * imports this module only when someone is signed in, so visitors load nothing.
 */
export function mountReadMark(host: HTMLElement): void {
  const slug = host.dataset.readMark;
  if (slug) attachReadMark(host, slug);
}
