// The Koa plumbing the Auth0-compatible routes, the sign-in pages and the error page share: they answer
// before oidc-provider routes a request (so without `ctx.oidc`), read bodies oidc-provider does not, and
// serve HTML under one strict policy.
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import { API_SECURITY_HEADERS } from '../../../functions/_lib/http/json-response.ts';
import { PAGE_SECURITY_HEADERS } from '../html.ts';

/** What `provider.use` takes: runs before oidc-provider's own routing. */
export type Middleware = Parameters<Provider['use']>[0];
/** The Koa context such middleware gets (no `ctx.oidc` yet); oidc-provider's hooks' contexts fit it too. */
export type RequestContext = Parameters<Middleware>[0];

export function sendHtml(ctx: RequestContext, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  // No script at all; forms post to this origin and may be redirected to the app's callback.
  ctx.set(PAGE_SECURITY_HEADERS);
  ctx.body = html;
}

/**
 * Every other answer of the provider (token and key-set JSON, redirects, oidc-provider's own errors)
 * gets the API's security headers; its own Cache-Control stays (the key set may be cached). Set
 * before and after the request is handled, since an error answer starts from cleared headers.
 */
export const withSecurityHeaders: Middleware = async (ctx, next) => {
  const apply = () => {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      if (name !== 'Cache-Control' && !ctx.response.get(name)) ctx.set(name, value);
    }
  };
  apply();
  try {
    await next();
  } finally {
    apply();
  }
};

export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A query parameter given once or repeated: the first value, as Koa's parser leaves both shapes. */
export const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
