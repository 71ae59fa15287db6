/**
 * Netlify applies netlify.toml's [[headers]] to files, not to function answers: the API sets its
 * own (docs/security.md). JSON only, so the CSP allows nothing at all. The local server gives its own
 * answers (413, errors, redirects) the same.
 */
export const API_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cache-Control': 'no-store',
};

/**
 * Netlify refuses a synchronous function's request over 6 MB before the function runs; the same
 * limit in the handler and the local server gives every host the same answer, a 413.
 */
export const MAX_REQUEST_BYTES = 6 * 1024 * 1024;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...API_SECURITY_HEADERS, ...headers } });
}
