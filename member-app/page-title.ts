/**
 * docs/product.md §2 page titles, read from the app's own page rather than from content/site.json:
 * the page is served with the default title ('{tagline} | {name}') and names the product in
 * `og:site_name` (site/layouts/Base.astro, from the same file), so none of site.json's facts ride in
 * the app's first load (a module there that imports the file brings all of it; the bundler keeps one
 * copy for every chunk).
 */
const defaultTitle = document.title;
const productName =
  document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? defaultTitle;

/** '{Section} | {product name}', or the default title when no section is given (site/lib/site.ts pageTitle). */
export function pageTitle(section?: string): string {
  const named = section?.trim();
  return named ? `${named} | ${productName}` : defaultTitle;
}
