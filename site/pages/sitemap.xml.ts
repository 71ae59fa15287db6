/**
 * /sitemap.xml: every public page for search engines — landing, features, the markdown pages, the
 * article list and every article (address and date only), the course list and every course's
 * outline. Member routes, the island and the 404 page are left out.
 */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { publicArticles } from '../lib/articles.ts';
import { courseOutlines } from '../lib/courses.ts';
import { site } from '../lib/site.ts';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export const GET: APIRoute = async () => {
  const pages = await getCollection('pages');
  const articles = publicArticles();
  const entries: Array<{ path: string; lastmod?: string | undefined }> = [
    { path: '/' },
    { path: '/features' },
    ...pages.map((page) => ({ path: `/${page.id}` })),
    { path: '/articles', lastmod: articles[0]?.date },
    ...articles.map((article) => ({ path: `/articles/${article.slug}`, lastmod: article.date })),
    { path: '/courses' },
    ...courseOutlines().map((course) => ({ path: `/courses/${course.slug}` })),
  ];
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(new URL(path, site.url).href)}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
