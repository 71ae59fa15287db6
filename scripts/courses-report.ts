import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCourses } from '../functions/_lib/courses/content.ts';
import { formatCourseReport, readCourseReport } from '../functions/_lib/courses/report.ts';
import { readReportStore, runReport } from './local/report-cli.ts';

/**
 * `npm run courses:report [-- --json]`: per course (content/courses/), members who started it and
 * completed it, then per lesson in course order how many started and completed it, the completion
 * rate of those who started the course and how many stopped there (their furthest lesson, course
 * not completed), and per module check attempts, passes and pass rate. `--json` prints the
 * CourseReport[] itself. Reads the counters the progress writes keep
 * (functions/_lib/courses/report.ts) in one round trip, from the store named by
 * UPSTASH_REDIS_REST_URL/TOKEN, else the one of the running `npm start`.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const courses = loadCourses(root);
  const reports = await readReportStore(root, (store) => readCourseReport(store, courses));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(formatCourseReport(reports));
  return 0;
}

await runReport(main);
