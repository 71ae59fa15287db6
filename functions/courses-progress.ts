import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { progressForMember } from './_lib/courses/member-progress.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Every course with the member's progress: lessons done, checks passed, goals counted from their
// journal, the next lesson and the certificate (docs/courses.md). One call for a whole course page.
export default defineEndpoint(api['courses/progress'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, deps, { gate }) => progressForMember(deps, gate),
});

export const config: Config = { path: '/api/courses/progress' };
