import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { OPERATOR_READ, type OperatorPermission } from '../auth/claims.ts';
import { requireTokenCurrent } from '../auth/valid-after.ts';
import { bearerToken, type Caller, hasPermission } from '../auth/verify.ts';
import { MembershipGate } from '../billing/gate.ts';
import type { Membership } from '../billing/membership.ts';
import type { ContractEntry } from '../contract/index.ts';
import { type Deps, getDeps } from '../deps.ts';
import {
  badRequest,
  forbidden,
  HttpError,
  methodNotAllowed,
  payloadTooLarge,
  unauthorized,
  unsupportedMediaType,
} from './errors.ts';
import { checkJsonValue, readJson } from './json.ts';
import { API_SECURITY_HEADERS, json, MAX_REQUEST_BYTES } from './json-response.ts';
import { logError } from './log.ts';
import { type RateLimitPolicy, rateLimitPolicies } from './rate-limit.ts';
import { isStoreOutage, storeUnavailable } from './store-outage.ts';

/**
 * Who may call an endpoint. Deny by default: every endpoint states its access.
 * - 'public': anyone (the explicit marker).
 * - 'user': a verified access token; `run` gets the caller.
 * - 'member': a verified token (401 otherwise) and an active membership (403 `{ redirect: true }`
 *   otherwise, docs/product.md §4); `run` gets the caller and the membership gate (billing/gate.ts).
 * - 'visitor-or-user': both, answered differently: a token, when sent, must verify (401 otherwise);
 *   `caller` and `gate` are null for a visitor (e.g. the visitor's video list without player ids).
 * - 'operator': a verified token (401 otherwise) granting the endpoint's `permission` (Auth0 RBAC's
 *   `permissions` claim, auth/claims.ts; 403 `{ error: 'Operator access required' }` otherwise,
 *   judged before the body is read, so a member learns nothing of the operator's input rules);
 *   `run` gets the caller (docs/operator.md).
 */
export type Access = 'public' | 'user' | 'member' | 'visitor-or-user' | 'operator';

/** A member's or a visitor's token on an operator endpoint: no `redirect`, nothing to pay for. */
export const operatorRequired = () => forbidden('Operator access required');

interface PublicContext {
  request: Request;
}
interface UserContext extends PublicContext {
  /** The caller, from the verified token: the only source of identity. */
  caller: Caller;
}
interface MemberContext extends UserContext {
  /** The caller's membership, judged before `run` started. */
  membership: Membership;
}
interface PipelinedMemberContext extends UserContext {
  /** The caller's membership check, for `run`'s first pipeline (billing/gate.ts). */
  gate: MembershipGate;
}
interface VisitorOrUserContext extends PublicContext {
  /** The verified caller, or null when no token was sent. */
  caller: Caller | null;
  /** A caller's membership check (their list is member-sized only with access); null for a visitor. */
  gate: MembershipGate | null;
}

type Input<E extends ContractEntry> = z.output<E['request']>;
/** What `run` answers: the contract's response (its input side: what is serialized as JSON). */
type Answer<E extends ContractEntry> = z.input<E['response']>;
type Run<E extends ContractEntry, C> = (
  input: Input<E>,
  deps: Deps,
  context: C,
) => Promise<Answer<E>> | Answer<E>;

type EndpointDefinition<E extends ContractEntry> = {
  /** Status for a successful answer; 200 unless the endpoint says otherwise. */
  status?: (result: Answer<E>) => number;
  /** Cache-Control for a successful answer; `no-store` unless the endpoint says otherwise. */
  cacheControl?: string;
  /**
   * By the caller's subject, or by client IP (rate-limit.ts). Counted before the body is read, or for
   * member content beside the membership read; a refused call writes nothing.
   */
  rateLimit?: RateLimitPolicy;
  /**
   * The answer is a file sent as it is produced (`run` returns a ReadableStream of its bytes, the
   * contract's response a `Download`), not JSON: its content type and the file name offered (or made
   * from the deps' clock, for a dated name). Errors before the stream starts are JSON as everywhere;
   * the stream itself must end cleanly.
   */
  download?: { contentType: string; filename: string | ((now: number) => string) };
} & (
  | { access: 'public'; run: Run<E, PublicContext> }
  | { access: 'user'; run: Run<E, UserContext> }
  // When a member endpoint's membership is judged (each says which):
  // - 'before-run': one GET once the body is valid; `run` only starts for a member.
  // - 'in-first-pipeline': `run` reads it with its own first pipeline (`gate.pipeline()` +
  //   `gate.exec()`), saving the round trip. An answer given without consulting the gate is refused.
  | { access: 'member'; membership: 'before-run'; run: Run<E, MemberContext> }
  | { access: 'member'; membership: 'in-first-pipeline'; run: Run<E, PipelinedMemberContext> }
  | { access: 'visitor-or-user'; run: Run<E, VisitorOrUserContext> }
  | { access: 'operator'; permission: OperatorPermission; run: Run<E, UserContext> }
);

/**
 * Binds a domain call to its contract entry (contract/*.ts) and wraps it in the conventions every
 * /api function shares: method guard → authentication → rate limit → body parsing → schema
 * validation → membership → domain call → JSON response, with typed errors mapped to their status and
 * nothing internal leaked. The method, the request schema and the answer's type all come from the
 * entry; in tests every answer is also parsed with the entry's response schema.
 */
export function defineEndpoint<E extends ContractEntry>(
  entry: E,
  definition: EndpointDefinition<E>,
): Endpoint<E> {
  const handler = async (request: Request, context?: Context): Promise<Response> => {
    try {
      if (request.method !== entry.method) throw methodNotAllowed([entry.method]);
      const deps = getDeps();
      const { access } = definition;
      // Authenticate before reading the body: an anonymous caller learns nothing about the input rules.
      // A visitor sends no Authorization header at all; one that is sent must verify (a malformed
      // header is a 401, never a silent visitor).
      const caller =
        access === 'user' ||
        access === 'member' ||
        access === 'operator' ||
        (access === 'visitor-or-user' && request.headers.has('authorization'))
          ? await authenticate(request, deps)
          : null;
      // Only the verified token grants it: a permission in the body or a header is never read.
      if (definition.access === 'operator' && !hasPermission(caller as Caller, definition.permission))
        throw operatorRequired();
      const policy = definition.rateLimit;
      const limited = policy
        ? deps.rateLimit(
            policy,
            rateLimitPolicies[policy].by === 'caller' && caller ? caller.sub : clientIp(request, context),
          )
        : Promise.resolve();
      const gate =
        caller && (access === 'member' || access === 'visitor-or-user')
          ? new MembershipGate(deps, caller, limited)
          : null;
      // Counted before the body is read. A member endpoint's gate settles the limit beside its first
      // store read instead (one round trip fewer); it is awaited again below either way. Until that
      // read only linear, bounded work happens (≤ 6 MB read, JSON ≤ 32 levels, the schema): anything
      // costlier (a note's sanitizer) runs after the gate, once the limit and the membership are judged.
      // An operator read (read:members writes nothing) settles it beside its first store read the
      // same way: a refused caller's answer is withheld below, and nothing was written.
      const readsOnly = definition.access === 'operator' && definition.permission === OPERATOR_READ;
      // A token issued before the member's sign-ins ended (auth/valid-after.ts) is a 401. A member
      // call's gate reads that time with the membership; the other signed-in calls read it beside
      // the rate limit, and settle it as the limit is settled.
      const current = caller && !gate ? requireTokenCurrent(deps.store, caller) : Promise.resolve();
      const judged = Promise.all([limited, current]).then(() => {});
      if (!gate && !readsOnly) await judged;
      else judged.catch(() => {});
      const raw = entry.method === 'GET' ? queryObject(request) : await readBody(request);
      const parsed = entry.request.safeParse(raw);
      if (!parsed.success) throw badRequest(describeIssues(parsed.error));
      // After validation, so a malformed request costs no store read and hears what is wrong with it.
      const membership =
        gate && access === 'member' && definition.membership === 'before-run' ? await gate.require() : null;
      // `caller`, `gate` and `membership` are set whenever the access needs them (or a throw came first).
      const run = definition.run as Run<E, MemberContext & PipelinedMemberContext>;
      const result = await run(parsed.data as Input<E>, deps, {
        request,
        caller: caller as Caller,
        gate: gate as MembershipGate,
        membership: membership as Membership,
      });
      await judged;
      // Costs nothing, so checked everywhere: a member answer given without judging the membership
      // is never sent (it would hand member content to anyone signed in).
      if (access === 'member' && gate?.membership === null) {
        throw new Error('A member endpoint answered without checking the membership (gate unused)');
      }
      const headers = definition.cacheControl ? { 'Cache-Control': definition.cacheControl } : {};
      const status = definition.status?.(result) ?? 200;
      if (definition.download) {
        const { contentType, filename } = definition.download;
        const name = typeof filename === 'function' ? filename(deps.now()) : filename;
        return download(result, status, { contentType, filename: name }, headers);
      }
      if (checkingAnswers()) checkAnswer(entry, result);
      return json(result, status, headers);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
  // The entry and the access travel with the handler, so tests enumerate what each file serves.
  return Object.assign(handler, { entry, access: definition.access });
}

/** A Netlify function bound to its contract entry. */
export type Endpoint<E extends ContractEntry> = ((
  request: Request,
  context?: Context,
) => Promise<Response>) & {
  readonly entry: E;
  readonly access: Access;
};

export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof HttpError) {
    return json({ error: error.message, ...error.extra }, error.status, error.headers);
  }
  logError(request, error);
  if (isStoreOutage(error)) return errorResponse(storeUnavailable(), request);
  return json({ error: 'Something went wrong. Please try again.' }, 500);
}

/** A streamed file: the API's security headers, no caching unless said, offered as an attachment. */
function download(
  body: unknown,
  status: number,
  file: { contentType: string; filename: string },
  headers: Record<string, string>,
): Response {
  if (!(body instanceof ReadableStream)) throw new Error('A download endpoint answered without a stream');
  return new Response(body, {
    status,
    headers: {
      ...API_SECURITY_HEADERS,
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '')}"`,
      ...headers,
    },
  });
}

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_REQUEST_BYTES) throw payloadTooLarge(MAX_REQUEST_BYTES);
  const text = await request.text();
  if (text.length > MAX_REQUEST_BYTES || Buffer.byteLength(text) > MAX_REQUEST_BYTES)
    throw payloadTooLarge(MAX_REQUEST_BYTES);
  // The member app sends an empty body for calls without a payload (docs/product.md §7 'empty').
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw unsupportedMediaType();
  return readJson(text);
}

/** Netlify gives the client's address in the context (and this header); locally, the socket's. */
export function clientIp(request: Request, context?: Partial<Context>): string {
  return context?.ip ?? request.headers.get('x-nf-client-connection-ip') ?? 'unknown';
}

function queryObject(request: Request): Record<string, string> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  checkJsonValue(query);
  return query;
}

let checking: boolean | undefined;
/** Tests and local journeys set API_CHECK_ANSWERS=1; production never pays for the extra parse. */
function checkingAnswers(): boolean {
  checking ??= process.env.API_CHECK_ANSWERS === '1';
  return checking;
}

/** An answer the member app could not read is a bug: in tests it becomes a logged 500, so the test fails. */
function checkAnswer(entry: ContractEntry, result: unknown): void {
  const parsed = entry.response.safeParse(JSON.parse(JSON.stringify(result) ?? 'null'));
  if (!parsed.success)
    throw new Error(`The answer does not match the contract: ${describeIssues(parsed.error)}`);
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

export { json, MAX_REQUEST_BYTES };
