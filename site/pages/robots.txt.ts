/** /robots.txt: everything public may be crawled except the member app and the API; where the sitemap is. */
import type { APIRoute } from 'astro';
import { site } from '../lib/site.ts';

export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /app/',
      'Disallow: /api/',
      'Disallow: /callback',
      '',
      `Sitemap: ${site.url}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
