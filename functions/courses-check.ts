import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { answerCheck } from './_lib/courses/member-module.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// An attempt at a module's knowledge check, graded here (the answers never reach the browser before
// it), stored under the member's own keys; a failed attempt waits RETRY_WAIT_MS (docs/courses.md).
export default defineEndpoint(api['courses/check'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'courses',
  run: (input, deps, { gate }) => answerCheck(deps, gate, input),
});

export const config: Config = { path: '/api/courses/check' };
