import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { checkExecutions, importExecutions } from './_lib/trade-store/import.ts';

// Beyond the brief: a batch of a broker file's executions, all or nothing, never twice; a dry run
// counts what would be added. Both read the membership in their first pipeline, beside the batch's
// known fingerprints and the trade count (trade-store/import.ts).
export default defineEndpoint(api['journal/trades/import'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) =>
    input.dryRun ? checkExecutions(gate, input.executions) : importExecutions(deps, gate, input.executions),
});

export const config: Config = { path: '/api/journal/trades/import' };
