import type { ApiResponse } from '../functions/_lib/contract/index.ts';

/**
 * Run-time settings from GET /api/appconfig (sign-in provider, Stripe publishable key), fetched once
 * per page and only by the parts that need them, so one build serves every environment.
 */
export type AppConfig = ApiResponse<'appconfig'>;

let pending: Promise<AppConfig> | undefined;

export function appConfig(): Promise<AppConfig> {
  pending ??= fetch('/api/appconfig').then((response) => {
    if (!response.ok) throw new Error(`Settings unavailable (${response.status})`);
    return response.json() as Promise<AppConfig>;
  });
  pending.catch(() => {
    pending = undefined; // a later call tries again
  });
  return pending;
}
