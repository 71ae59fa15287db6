import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { type Deps, getDeps } from '../deps.ts';
import { badRequest, HttpError, methodNotAllowed, unsupportedMediaType } from './errors.ts';
import { readJson } from './json.ts';
import { logError } from './log.ts';

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call an endpoint. Deny by default: every endpoint states its access,
 * and 'public' is the explicit marker for endpoints anyone may call.
 */
export type Access = 'public';

export interface EndpointDefinition<S extends z.ZodType, R> {
  method: Method;
  access: Access;
  /** Schema of the JSON body (or of the query string for GET). */
  input: S;
  run: (input: z.output<S>, deps: Deps, request: Request) => Promise<R> | R;
  /** Status for a successful answer; 200 unless the endpoint says otherwise. */
  status?: (result: R) => number;
}

/**
 * Wraps a domain call in the conventions every /api function shares:
 * method guard → body parsing → schema validation → domain call → JSON response,
 * with typed errors mapped to their status and nothing internal leaked.
 */
export function defineEndpoint<S extends z.ZodType, R>(definition: EndpointDefinition<S, R>) {
  return async (request: Request, _context?: Context): Promise<Response> => {
    try {
      if (request.method !== definition.method) throw methodNotAllowed([definition.method]);
      const raw = definition.method === 'GET' ? queryObject(request) : await readBody(request);
      const parsed = definition.input.safeParse(raw);
      if (!parsed.success) throw badRequest(describeIssues(parsed.error));
      const result = await definition.run(parsed.data, getDeps(), request);
      return json(result, definition.status?.(result) ?? 200);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof HttpError) return json({ error: error.message }, error.status, error.headers);
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

function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
