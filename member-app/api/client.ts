import type { ApiMethod, ApiName, ApiRequest, ApiResponse } from '../../functions/_lib/contract/index.ts';
import { accessTokenForApi } from '../auth/auth-service.ts';
import { customerId } from '../auth/session.ts';
import { storePlans } from '../billing/stored-plans.ts';

/** The calls the member app makes: every POST endpoint (SPEC §7) but Stripe's webhook, typed from the contract. */
type PostName = Exclude<
  { [N in ApiName]: ApiMethod<N> extends 'POST' ? N : never }[ApiName],
  'billing/webhook'
>;

let redirecting = false;

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/**
 * Typed call of one /api endpoint; the contract module is imported for its types only.
 * SPEC §7: a bearer token goes with every call when signed in, and the caller's payment customer
 * id as custID in every body (the server reads identity from the token alone). A 401 gets one
 * retry with a renewed token: the stored one may have been revoked before its expiry.
 */
export async function callApi<N extends PostName>(name: N, body?: ApiRequest<N>): Promise<ApiResponse<N>> {
  const custID = customerId();
  const payload = custID ? { ...body, custID } : body;
  const send = async (token: string | null) =>
    fetch(`/api/${name}`, {
      method: 'POST',
      headers: {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
  const token = await accessTokenForApi();
  let response = await send(token);
  if (response.status === 401 && token) {
    const renewed = await accessTokenForApi({ force: true });
    if (renewed) response = await send(renewed);
  }
  const data = (await response.json().catch(() => ({}))) as {
    error?: string;
    redirect?: unknown;
    plans?: unknown;
  };
  // SPEC §4: any answer with plans stores them; redirect: true sends the member to /payment.
  if (data.plans) storePlans(data.plans);
  if (data.redirect === true && window.location.pathname !== '/payment') {
    // Start-up calls run in parallel and may all answer so: one navigation, not one each.
    if (!redirecting) window.location.assign('/payment');
    redirecting = true;
    throw new ApiError(response.status, 'An active membership is required');
  }
  if (!response.ok) throw new ApiError(response.status, data.error ?? `Request failed (${response.status})`);
  return data as ApiResponse<N>;
}
