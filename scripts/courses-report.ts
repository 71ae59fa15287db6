import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadStoreConfig } from '../functions/_lib/config.ts';
import { loadCourses } from '../functions/_lib/courses/content.ts';
import { formatCourseReport, readCourseReport } from '../functions/_lib/courses/report.ts';
import { createStore } from '../functions/_lib/store.ts';
import { readStoreAddress } from './local/store-address.ts';

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

function storeConfig() {
  if (process.env.UPSTASH_REDIS_REST_URL) return loadStoreConfig();
  const running = readStoreAddress(path.join(root, '.data'));
  if (running) return running;
  throw new Error(
    'No store to read: start the product (npm start) in another terminal, or set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN.',
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const courses = loadCourses(root);
  const config = storeConfig();
  const reports = await readCourseReport(createStore(config), courses).catch((error: unknown) => {
    // A stale address left by a stopped `npm start`, or a wrong URL/token: say which store, not why in detail.
    throw new Error(
      `Could not read the store at ${config.url} (is npm start running?): ${(error as Error).message}`,
    );
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(formatCourseReport(reports));
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
