import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Public: a visitor needs it to start signing in. Holds only what the sign-in page shows anyway.
export default defineEndpoint(api.appconfig, {
  access: 'public',
  run: (_input, deps) => deps.browser,
  // Changes only with a redeploy; a few minutes in caches spare the provider lookups.
  cacheControl: 'public, max-age=300',
});

export const config: Config = { path: '/api/appconfig' };
