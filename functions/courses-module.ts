import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { moduleForMember } from './_lib/courses/member-module.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// A course module's page for a member: lessons with notes, the check's questions without their
// answers, and the member's own attempts so far (docs/courses.md).
export default defineEndpoint(api['courses/module'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, deps, { gate }) => moduleForMember(deps, gate, input),
});

export const config: Config = { path: '/api/courses/module' };
