// Server-side log of unexpected failures. Only method, path and the error's own
// name/message/stack are written: never headers (tokens) or bodies (card data).
export function logError(request: Request, error: unknown): void {
  const { pathname } = new URL(request.url);
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`[api] ${request.method} ${pathname} failed: ${detail}`);
}

/** Something went wrong that the request survives (e.g. a follow-up call to a provider). */
export function logWarning(what: string, error: unknown): void {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.warn(`[api] ${what}: ${detail}`);
}
