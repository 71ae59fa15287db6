// Typed errors carry their HTTP status, so handlers never build error responses by hand.
// Only the message of an HttpError reaches the client; anything else becomes a generic 500.
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const methodNotAllowed = (allowed: readonly string[]) =>
  new HttpError(405, `Use ${allowed.join(' or ')} for this endpoint`, { Allow: allowed.join(', ') });
export const unsupportedMediaType = () => new HttpError(415, 'Send the body as application/json');
export const unavailable = (message = 'Service temporarily unavailable') => new HttpError(503, message);
