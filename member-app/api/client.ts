import type { ApiMethod, ApiName, ApiRequest, ApiResponse } from '../../functions/_lib/contract.ts';

/** The calls the member app makes: every POST endpoint (SPEC §7), typed from the contract. */
type PostName = { [N in ApiName]: ApiMethod<N> extends 'POST' ? N : never }[ApiName];

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Typed call of one /api endpoint; the contract module is imported for its types only. */
export async function callApi<N extends PostName>(name: N, body?: ApiRequest<N>): Promise<ApiResponse<N>> {
  const response = await fetch(`/api/${name}`, {
    method: 'POST',
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new ApiError(response.status, data.error ?? `Request failed (${response.status})`);
  return data as ApiResponse<N>;
}
