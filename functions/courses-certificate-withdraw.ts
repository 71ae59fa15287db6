import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { withdrawCertificate } from './_lib/courses/member-progress.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Withdraws the member's certificate of a course: its public page answers 404 from then on.
export default defineEndpoint(api['courses/certificate/withdraw'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'courses',
  run: (input, deps, { gate }) => withdrawCertificate(deps, gate, input),
});

export const config: Config = { path: '/api/courses/certificate/withdraw' };
