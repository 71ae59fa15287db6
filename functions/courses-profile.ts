import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { setAccountSize } from './_lib/courses/member-progress.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// The member's trading profile for practice goals: the account size a goal measures position size
// against (docs/courses.md).
export default defineEndpoint(api['courses/profile'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'journal',
  run: (input, deps, { gate }) => setAccountSize(deps, gate, input),
});

export const config: Config = { path: '/api/courses/profile' };
