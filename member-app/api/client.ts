import type { ApiMethod, ApiName, ApiRequest, ApiResponse } from '../../functions/_lib/contract/index.ts';
import { accessTokenForApi } from '../auth/auth-service.ts';
import { customerId } from '../auth/session.ts';
import { storePlans } from '../billing/plans-storage.ts';

/** The calls the member app makes: every POST or DELETE endpoint (docs/product.md §7) but Stripe's webhook, typed from the contract. */
type NameOf<M> = { [N in ApiName]: ApiMethod<N> extends M ? N : never }[ApiName];
type CallName = Exclude<NameOf<'POST' | 'DELETE'>, 'billing/webhook'>;

/**
 * The DELETE calls, spelled out because the app imports the contract's types only (no schemas in
 * the browser): the record's type makes the list complete, so a new DELETE entry fails to compile
 * until it is added here.
 */
const DELETE_CALLS: Record<NameOf<'DELETE'>, true> = {
  'journal/notes/delete': true,
  'journal/trades/delete': true,
  'journal/trades/tags/delete': true,
};

let redirecting = false;

/**
 * docs/product.md §4: to /payment, once. Start-up calls run in parallel and may all answer `redirect: true`,
 * and the membership check may decide the same: one navigation, not one each (a second would abort
 * the first).
 */
export function goToPayment(): void {
  if (redirecting || window.location.pathname === '/payment') return;
  redirecting = true;
  window.location.assign('/payment');
}

export class ApiError extends Error {
  readonly status: number;
  /** The whole error answer: fields beside `error` (e.g. the stored note of a 409 `conflict`). */
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * Typed call of one /api endpoint; the contract module is imported for its types only.
 * docs/product.md §7: a bearer token goes with every call when signed in, and the caller's payment customer
 * id as custID in every body (the server reads identity from the token alone). A 401 gets one
 * retry with a renewed token: the stored one may have been revoked before its expiry.
 */
export async function callApi<N extends CallName>(name: N, body?: ApiRequest<N>): Promise<ApiResponse<N>> {
  const custID = customerId();
  const payload = custID ? { ...body, custID } : body;
  const send = async (token: string | null) =>
    fetch(`/api/${name}`, {
      method: name in DELETE_CALLS ? 'DELETE' : 'POST',
      headers: {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
  const token = await accessTokenForApi();
  let response = await send(token);
  if (response.status === 401 && token) {
    const renewed = await accessTokenForApi({ refused: token });
    if (renewed) response = await send(renewed);
  }
  const data = (await response.json().catch(() => ({}))) as {
    error?: string;
    redirect?: unknown;
    plans?: unknown;
  };
  // docs/product.md §4: any answer with plans stores them; redirect: true sends the member to /payment.
  if (data.plans) storePlans(data.plans);
  if (data.redirect === true && window.location.pathname !== '/payment') {
    goToPayment();
    throw new ApiError(response.status, 'An active membership is required');
  }
  if (!response.ok)
    throw new ApiError(response.status, data.error ?? `Request failed (${response.status})`, data);
  return data as ApiResponse<N>;
}
