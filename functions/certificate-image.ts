import type { Config, Context } from '@netlify/functions';
import { PAGE_SECURITY_HEADERS } from './_lib/courses/certificate-html.ts';
import { cachedCertificatePng } from './_lib/courses/certificate-image-cache.ts';
import { imageVersion } from './_lib/courses/certificate-image-version.ts';
import { certificateIdOf, readCertificate } from './_lib/courses/certificate-record.ts';
import { getDeps } from './_lib/deps.ts';
import { HttpError } from './_lib/http/errors.ts';
import { clientIp } from './_lib/http/handler.ts';
import { logError } from './_lib/http/log.ts';
import { isStoreOutage, OUTAGE_RETRY_AFTER_S } from './_lib/http/store-outage.ts';

// The picture social sites show for a shared certificate page (its og:image): drawn once per version
// and kept (certificate-image-cache.ts), rate-limited per client like the page.
export default async (request: Request, context?: Partial<Context>): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text('Method not allowed', 405, { Allow: 'GET, HEAD' });
  }
  try {
    const { store, rateLimit } = getDeps();
    await rateLimit('certificates', clientIp(request, context));
    const record = await readCertificate(store, certificateIdOf(request, context));
    if (!record) return text('No certificate at this address: it may have been withdrawn', 404);
    const png = await cachedCertificatePng(store, record);
    // The page links the versioned address, which always shows the same picture: kept a year. The
    // bare address (older links) shows the latest name, so it is kept a minute, as the page is.
    const versioned = new URL(request.url).searchParams.get('v') === imageVersion(record);
    return new Response(png as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...PAGE_SECURITY_HEADERS,
        'Content-Type': 'image/png',
        'Cache-Control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
      },
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return text(error.message, 429, error.headers);
    logError(request, error);
    const outage = isStoreOutage(error);
    return text(
      outage
        ? 'The service is temporarily unavailable. Please try again in a moment.'
        : 'Something went wrong.',
      outage ? 503 : 500,
      outage ? { 'Retry-After': String(OUTAGE_RETRY_AFTER_S) } : {},
    );
  }
};

function text(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      ...PAGE_SECURITY_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

export const config: Config = { path: '/certificates/:id/preview.png' };
