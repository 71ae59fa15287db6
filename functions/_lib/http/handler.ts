import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { bearerToken, type Caller } from '../auth/verify.ts';
import { type Deps, getDeps } from '../deps.ts';
import { badRequest, HttpError, methodNotAllowed, unauthorized, unsupportedMediaType } from './errors.ts';
import { readJson } from './json.ts';
import { logError } from './log.ts';
import { type RateLimitPolicy, rateLimitPolicies } from './rate-limit.ts';

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call an endpoint. Deny by default: every endpoint states its access; 'user' needs a
 * verified access token, and 'public' is the explicit marker for endpoints anyone may call.
 * 'visitor-or-user' answers both, differently: a token, when sent, must verify (401 otherwise), and
 * `caller` is null for a visitor (e.g. the visitor's smaller video list without player ids).
 */
export type Access = 'public' | 'user' | 'visitor-or-user';

interface PublicContext {
  request: Request;
}
interface UserContext extends PublicContext {
  /** The caller, from the verified token: the only source of identity. */
  caller: Caller;
}
interface VisitorOrUserContext extends PublicContext {
  /** The verified caller, or null when no token was sent. */
  caller: Caller | null;
}

type EndpointDefinition<S extends z.ZodType, R> = {
  method: Method;
  /** Schema of the JSON body (or of the query string for GET). */
  input: S;
  /** Status for a successful answer; 200 unless the endpoint says otherwise. */
  status?: (result: R) => number;
  /** Cache-Control for a successful answer; `no-store` unless the endpoint says otherwise. */
  cacheControl?: string;
  /** Counted before the body is read: by the caller's subject, or by client IP (rate-limit.ts). */
  rateLimit?: RateLimitPolicy;
} & (
  | { access: 'public'; run: (input: z.output<S>, deps: Deps, context: PublicContext) => Promise<R> | R }
  | { access: 'user'; run: (input: z.output<S>, deps: Deps, context: UserContext) => Promise<R> | R }
  | {
      access: 'visitor-or-user';
      run: (input: z.output<S>, deps: Deps, context: VisitorOrUserContext) => Promise<R> | R;
    }
);

/**
 * Wraps a domain call in the conventions every /api function shares:
 * method guard → body parsing → schema validation → domain call → JSON response,
 * with typed errors mapped to their status and nothing internal leaked.
 */
export function defineEndpoint<S extends z.ZodType, R>(definition: EndpointDefinition<S, R>) {
  return async (request: Request, context?: Context): Promise<Response> => {
    try {
      if (request.method !== definition.method) throw methodNotAllowed([definition.method]);
      const deps = getDeps();
      // Authenticate before reading the body: an anonymous caller learns nothing about the input rules.
      const caller =
        definition.access === 'user' ||
        (definition.access === 'visitor-or-user' && bearerToken(request) !== null)
          ? await authenticate(request, deps)
          : null;
      if (definition.rateLimit) {
        const by = rateLimitPolicies[definition.rateLimit].by;
        await deps.rateLimit(
          definition.rateLimit,
          by === 'caller' && caller ? caller.sub : clientIp(request, context),
        );
      }
      const raw = definition.method === 'GET' ? queryObject(request) : await readBody(request);
      const parsed = definition.input.safeParse(raw);
      if (!parsed.success) throw badRequest(describeIssues(parsed.error));
      // `caller` is set whenever access is 'user' (authenticate throws otherwise).
      const run = definition.run as (input: unknown, deps: Deps, context: UserContext) => Promise<R> | R;
      const result = await run(parsed.data, deps, { request, caller: caller as Caller });
      const headers = definition.cacheControl ? { 'Cache-Control': definition.cacheControl } : {};
      return json(result, definition.status?.(result) ?? 200, headers);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

/**
 * Netlify applies netlify.toml's [[headers]] to files, not to function answers: the API sets its
 * own (DESIGN §5). JSON only, so the CSP allows nothing at all.
 */
const API_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { 'Cache-Control': 'no-store', ...API_SECURITY_HEADERS, ...headers },
  });
}

export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof HttpError) {
    return json({ error: error.message, ...error.extra }, error.status, error.headers);
  }
  logError(request, error);
  return json({ error: 'Something went wrong. Please try again.' }, 500);
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  // The member app sends an empty body for calls without a payload (SPEC §7 'empty').
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw unsupportedMediaType();
  return readJson(text);
}

/** Netlify gives the client's address in the context (and this header); locally, the socket's. */
function clientIp(request: Request, context?: Context): string {
  return context?.ip ?? request.headers.get('x-nf-client-connection-ip') ?? 'unknown';
}

function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

async function authenticate(request: Request, deps: Deps): Promise<Caller> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  return deps.verifyToken(token);
}
