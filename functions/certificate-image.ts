import type { Config, Context } from '@netlify/functions';
import { PAGE_SECURITY_HEADERS } from './_lib/courses/certificate-html.ts';
import { certificatePng } from './_lib/courses/certificate-png.ts';
import { certificateIdOf, readCertificate } from './_lib/courses/certificate-record.ts';
import { getDeps } from './_lib/deps.ts';
import { logError } from './_lib/http/log.ts';
import { isStoreOutage, OUTAGE_RETRY_AFTER_S } from './_lib/http/store-outage.ts';

// The picture social sites show for a shared certificate page (its og:image), cached like the page.
export default async (request: Request, context?: Partial<Context>): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text('Method not allowed', 405, { Allow: 'GET, HEAD' });
  }
  try {
    const record = await readCertificate(getDeps().store, certificateIdOf(request, context));
    if (!record) return text('No certificate at this address: it may have been withdrawn', 404);
    const png = await certificatePng(record);
    return new Response(png as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...PAGE_SECURITY_HEADERS,
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=60',
      },
    });
  } catch (error) {
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
