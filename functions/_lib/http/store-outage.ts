import { HttpError } from './errors.ts';

/**
 * Whether an error means the store could not be reached (network, the REST service or Redis behind it
 * down), as opposed to a bug or a refused command. Such a failure is the service's, not the request's:
 * the caller gets a 503 with Retry-After and may simply try again.
 */
export function isStoreOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // fetch() could not reach the REST endpoint (refused, reset, DNS, timeout), after the SDK's retries.
  if (error.name === 'TypeError' && /fetch failed/i.test(error.message)) return true;
  if (/ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_/.test(codeOf(error))) return true;
  // The REST service answered, but not from Redis: an HTML error page from a proxy (not JSON), the
  // local bridge's "ERR bridge: The client is offline", or a plan's request quota.
  if (error.name === 'UpstashJSONParseError') return true;
  if (error.name === 'UpstashError')
    return /^ERR bridge|offline|service unavailable|max (daily )?requests? limit|timed? ?out/i.test(
      error.message,
    );
  return false;
}

function codeOf(error: Error): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const own = (error as { code?: unknown }).code;
  return `${typeof own === 'string' ? own : ''} ${typeof cause?.code === 'string' ? cause.code : ''}`;
}

/** Seconds a client should wait before trying again: the local launcher restarts Redis in about one. */
export const OUTAGE_RETRY_AFTER_S = 5;

export const storeUnavailable = () =>
  new HttpError(503, 'The service is temporarily unavailable. Please try again in a moment.', {
    'Retry-After': String(OUTAGE_RETRY_AFTER_S),
  });
