import type { Config, Context } from '@netlify/functions';
import {
  certificateNotFoundHtml,
  certificatePageHtml,
  certificateUnavailableHtml,
  PAGE_SECURITY_HEADERS,
} from './_lib/courses/certificate-html.ts';
import { certificateIdOf, readCertificate } from './_lib/courses/certificate-record.ts';
import { getDeps } from './_lib/deps.ts';
import { HttpError } from './_lib/http/errors.ts';
import { clientIp } from './_lib/http/handler.ts';
import { logError } from './_lib/http/log.ts';
import { isStoreOutage, OUTAGE_RETRY_AFTER_S } from './_lib/http/store-outage.ts';

// A certificate's public page (docs/courses.md): anyone with the address may see it. Cached a minute
// by browsers and the CDN, so a withdrawn certificate's page is gone within a minute; rate-limited per
// client (a script asking in a loop is refused before the store is read).
export default async (request: Request, context?: Partial<Context>): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return page('Method not allowed', 405, { 'Cache-Control': 'no-store', Allow: 'GET, HEAD' }, 'text/plain');
  }
  try {
    const { store, rateLimit } = getDeps();
    await rateLimit('certificates', clientIp(request, context));
    const record = await readCertificate(store, certificateIdOf(request, context));
    if (!record) return page(certificateNotFoundHtml(), 404, { 'Cache-Control': 'no-store' });
    const { origin } = new URL(request.url);
    return page(certificatePageHtml(record, origin), 200, { 'Cache-Control': 'public, max-age=60' });
  } catch (error) {
    if (error instanceof HttpError && error.status === 429)
      return page(error.message, 429, { 'Cache-Control': 'no-store', ...error.headers }, 'text/plain');
    logError(request, error);
    const outage = isStoreOutage(error);
    return page(certificateUnavailableHtml(), outage ? 503 : 500, {
      'Cache-Control': 'no-store',
      ...(outage ? { 'Retry-After': String(OUTAGE_RETRY_AFTER_S) } : {}),
    });
  }
};

function page(body: string, status: number, headers: Record<string, string>, type = 'text/html'): Response {
  return new Response(body, {
    status,
    headers: { ...PAGE_SECURITY_HEADERS, 'Content-Type': `${type}; charset=utf-8`, ...headers },
  });
}

export const config: Config = { path: '/certificates/:id' };
