import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { issueCertificate } from './_lib/courses/member-progress.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// A certificate for a course the member completed (judged here), with the name they chose, at a public address.
export default defineEndpoint(api['courses/certificate'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'courses',
  run: (input, deps, { gate }) => issueCertificate(deps, gate, input),
});

export const config: Config = { path: '/api/courses/certificate' };
