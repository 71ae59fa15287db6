import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Compression of text answers, as Netlify's CDN compresses what it serves (pages, scripts, styles
 * and function JSON): without it the local product sent its 45 KB pages and 44 KB video lists as
 * they are, and every measurement of a page's load (Lighthouse, the benchmarks) saw a slower site
 * than the one in production.
 */

/** Below this, compressing saves less than it costs (Netlify's CDN leaves small answers alone too). */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

/** Whether an answer is worth compressing: text of some size, not already encoded or a byte range. */
export function compressible(status: number, headers: Headers, size: number): boolean {
  if (size < MIN_BYTES || status === 206 || status === 204 || status === 304) return false;
  if (headers.has('content-encoding') || headers.has('content-range')) return false;
  return COMPRESSIBLE.test(headers.get('content-type') ?? '');
}

/** The coding to send to a client with this Accept-Encoding: br, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** The codings a request accepts (`gzip, deflate;q=0.5, br;q=0` → gzip and deflate). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** The body in that encoding. Quick settings: a page is compressed on every request, not once. */
export function encode(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}
