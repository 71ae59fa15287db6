import { randomUUID } from 'node:crypto';
import { authHeader, OPERATOR_PERMISSIONS } from './tokens.ts';

/** A subject of the shape the identity provider gives, new each time. */
export const newSub = () => `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}`;

/**
 * An operator's `Authorization` header. A fresh subject by default: each operator has its own
 * rate-limit window, so suites running at once do not use up each other's.
 */
export const operator = (sub = newSub()) =>
  authHeader({ sub, email: 'ops@example.com', permissions: OPERATOR_PERMISSIONS });

export type Handler = (request: Request) => Promise<Response>;

/**
 * A POST of a JSON body to a handler as `headers` say, as the browser sends it. The answer keeps its
 * text and headers; `json` is `{}` when the body is not JSON (a CSV export, a bare error).
 */
export async function call(fn: Handler, path: string, headers: Record<string, string>, body: unknown = {}) {
  const response = await fn(
    new Request(`http://localhost/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, text, json, headers: response.headers };
}
