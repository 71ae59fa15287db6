import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { checkHealth } from './_lib/health.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Public so uptime monitors can call it; it reveals only up/down, never configuration.
export default defineEndpoint(api.health, {
  access: 'public',
  run: (_input, deps) => checkHealth(deps),
  status: (result) => (result.status === 'ok' ? 200 : 503),
});

export const config: Config = { path: '/api/health' };
