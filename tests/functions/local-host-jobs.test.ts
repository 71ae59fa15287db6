import { describe, expect, it } from 'vitest';
import { loadFunctions, matchFunction } from '../../scripts/local/functions-host.ts';
import { loadScheduledJobs, runJob } from '../../scripts/local/scheduler.ts';

// Scheduled functions are not pages (docs/security.md): a published Netlify deploy runs them on
// their schedule only, and the local host routes no request to them either — before, a visitor's
// GET /.netlify/functions/operator-snapshot answered the operator's figures. The scheduler and
// `npm run jobs:run` still run them, by calling their handlers.

const dir = new URL('../../functions/', import.meta.url).pathname;

describe('the local host and the scheduled jobs', () => {
  it('routes no URL to a scheduled function, while the scheduler still finds and runs each', async () => {
    const [routes, jobs] = await Promise.all([loadFunctions(dir), loadScheduledJobs(dir)]);
    expect(jobs.map((job) => job.name).sort()).toEqual([
      'billing-local-renewals',
      'mail-card-expiring',
      'mail-drain',
      'mail-renewal-reminders',
      'market-sync',
      'operator-snapshot',
    ]);
    for (const job of jobs) {
      expect(
        routes.some((route) => route.name === job.name),
        job.name,
      ).toBe(false);
      expect(matchFunction(routes, `/.netlify/functions/${job.name}`), job.name).toBeUndefined();
    }
    // Every other function is still served at its path.
    expect(matchFunction(routes, '/api/health')?.name).toBe('health');
    expect(matchFunction(routes, '/api/operator/metrics')?.name).toBe('operator-metrics');
    // What `npm run jobs:run -- operator-snapshot` does: the handler runs and answers.
    const snapshot = jobs.find((job) => job.name === 'operator-snapshot');
    expect(snapshot).toBeDefined();
    if (snapshot) expect((await runJob(snapshot)).status).toBe(200);
  });
});
