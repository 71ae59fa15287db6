import type { Config } from '@netlify/functions';
import { site } from '../site/lib/site.ts';
import { OPERATOR_READ } from './_lib/auth/claims.ts';
import { billingContent } from './_lib/billing/billing-content.ts';
import { api } from './_lib/contract/index.ts';
import { getConfig } from './_lib/deps.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { readMetrics } from './_lib/operator/figures-read.ts';

export default defineEndpoint(api['operator/metrics'], {
  access: 'operator',
  permission: OPERATOR_READ,
  rateLimit: 'search',
  run: (_input, deps) =>
    readMetrics(deps, {
      prices: billingContent().plans,
      commissions:
        getConfig().billing.kind === 'local'
          ? { source: 'local', percent: site.affiliateCommissionPercent }
          : { source: 'rewardful' },
    }),
});

export const config: Config = { path: '/api/operator/metrics' };
