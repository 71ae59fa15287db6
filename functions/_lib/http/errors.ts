// Typed errors carry their HTTP status, so handlers never build error responses by hand.
// Only the message of an HttpError reaches the client; anything else becomes a generic 500.
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Fields sent beside `error` in the body (e.g. `redirect: true`). */
  readonly extra: Record<string, unknown>;
  constructor(
    status: number,
    message: string,
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
    this.extra = extra;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const methodNotAllowed = (allowed: readonly string[]) =>
  new HttpError(405, `Use ${allowed.join(' or ')} for this endpoint`, { Allow: allowed.join(', ') });
export const payloadTooLarge = (maxBytes: number) =>
  new HttpError(413, `The request body is too large (at most ${maxBytes / 1024 / 1024} MB)`);
export const unsupportedMediaType = () => new HttpError(415, 'Send the body as application/json');
/**
 * docs/product.md §4: a signed-in user without an active membership gets `{ redirect: true }`, and the member
 * app goes to /payment. 403: the caller is known, the content is not theirs yet.
 */
export const membershipRequired = () =>
  new HttpError(403, 'An active membership is required', {}, { redirect: true });
export const unavailable = (message = 'Service temporarily unavailable') => new HttpError(503, message);
