import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runReport } from './local/report-cli.ts';
import { loadScheduledJobs, runJob } from './local/scheduler.ts';
import { LOCAL_AUDIENCE, LOCAL_CLIENT_ID } from './local/stack.ts';
import { readStoreAddress } from './local/store-address.ts';

/**
 * `npm run jobs:run -- NAME`: runs one scheduled function (functions/NAME.ts with
 * `config.schedule`) now, against the store named by UPSTASH_REDIS_REST_URL/TOKEN, else the one of
 * the running `npm start` (its address in .data/). Prints the job's answer; exits 1 when it failed.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<number> {
  const name = process.argv[2]?.replace(/\.ts$/, '');
  if (!name) throw new Error('Usage: npm run jobs:run -- NAME (a functions/ file with config.schedule)');
  if (!process.env.UPSTASH_REDIS_REST_URL) {
    const running = readStoreAddress(path.join(root, '.data'));
    if (!running)
      throw new Error(
        'No store to run against: start the product (npm start) in another terminal, or set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN.',
      );
    // The local stack's settings: a job reads the store; the sign-in settings are only required.
    // Its mail catcher and site too: an email sent by hand lands in its inbox, linking to its site.
    Object.assign(process.env, {
      UPSTASH_REDIS_REST_URL: running.url,
      UPSTASH_REDIS_REST_TOKEN: running.token,
      ...(running.smtpUrl && !process.env.SMTP_URL ? { SMTP_URL: running.smtpUrl } : {}),
      ...(running.siteUrl && !process.env.URL ? { URL: running.siteUrl } : {}),
      AUTH0_DOMAIN: process.env.AUTH0_DOMAIN ?? 'http://localhost:8889',
      AUTH0_AUDIENCE: process.env.AUTH0_AUDIENCE ?? LOCAL_AUDIENCE,
      AUTH0_CLIENT_ID: process.env.AUTH0_CLIENT_ID ?? LOCAL_CLIENT_ID,
    });
  }
  const jobs = await loadScheduledJobs(path.join(root, 'functions'));
  const job = jobs.find((j) => j.name === name);
  if (!job)
    throw new Error(
      `No scheduled function named ${name}. Scheduled: ${jobs.map((j) => j.name).join(', ') || 'none'}`,
    );
  const response = await runJob(job);
  process.stdout.write(`${await response.text()}\n`);
  return response.ok ? 0 : 1;
}

await runReport(main);
