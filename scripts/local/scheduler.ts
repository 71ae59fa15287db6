import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Netlify Scheduled Functions on this machine (`npm start`): every function in functions/ whose
 * `config.schedule` is set runs on that schedule, invoked as Netlify invokes it (a POST with
 * `{ next_run }`). A job that exports `dueAtStart()` is also run once at start when it answers true
 * (the daily snapshot: when the one due today is missing). Times are UTC, as on Netlify.
 */

export type JobHandler = (request: Request) => Promise<Response> | Response;

export interface ScheduledJob {
  name: string;
  schedule: string;
  handler: JobHandler;
  dueAtStart?: () => Promise<boolean>;
}

/**
 * Netlify's shorthands. Locally they run 5 minutes past the hour they name, so a day's (or hour's)
 * last writes are in before its job reads them.
 */
const ALIASES: Record<string, string> = {
  '@yearly': '5 0 1 1 *',
  '@annually': '5 0 1 1 *',
  '@monthly': '5 0 1 * *',
  '@weekly': '5 0 * * 0',
  '@daily': '5 0 * * *',
  '@midnight': '5 0 * * *',
  '@hourly': '5 * * * *',
};

interface Cron {
  minute: Set<number>;
  hour: Set<number>;
  dayOfMonth: Set<number>;
  month: Set<number>;
  dayOfWeek: Set<number>;
  /** Cron's rule: when both day fields are restricted, a day matching either runs. */
  anyDay: boolean;
}

function field(text: string, min: number, max: number): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`not a cron field: ${text}`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`not a cron field: ${text}`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** A five-field cron expression (minute hour day-of-month month day-of-week) or a shorthand. */
export function parseSchedule(schedule: string): Cron {
  const parts = (ALIASES[schedule.trim()] ?? schedule).trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`not a schedule: ${schedule}`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts as [string, string, string, string, string];
  const dow = field(dayOfWeek, 0, 7);
  if (dow.delete(7)) dow.add(0);
  return {
    minute: field(minute, 0, 59),
    hour: field(hour, 0, 23),
    dayOfMonth: field(dayOfMonth, 1, 31),
    month: field(month, 1, 12),
    dayOfWeek: dow,
    anyDay: dayOfMonth !== '*' && dayOfWeek !== '*',
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The first time (ms, a whole UTC minute) strictly after `after` that the schedule names. */
export function nextRun(schedule: string, after: number): number {
  const cron = parseSchedule(schedule);
  const dayMatches = (date: Date) => {
    const dom = cron.dayOfMonth.has(date.getUTCDate());
    const dow = cron.dayOfWeek.has(date.getUTCDay());
    return cron.month.has(date.getUTCMonth() + 1) && (cron.anyDay ? dom || dow : dom && dow);
  };
  const start = Math.floor(after / MINUTE) * MINUTE + MINUTE;
  // Day by day, then the day's minutes in order: at most a few years of days for any real schedule.
  for (let day = Math.floor(start / DAY) * DAY; day < start + 5 * 366 * DAY; day += DAY) {
    if (!dayMatches(new Date(day))) continue;
    for (const hour of [...cron.hour].sort((a, b) => a - b))
      for (const minute of [...cron.minute].sort((a, b) => a - b)) {
        const at = day + hour * 60 * MINUTE + minute * MINUTE;
        if (at >= start) return at;
      }
  }
  throw new Error(`the schedule ${schedule} never runs`);
}

/** The scheduled functions in `dir` (those whose config names a schedule), imported once. */
export async function loadScheduledJobs(dir: string): Promise<ScheduledJob[]> {
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
  const jobs: ScheduledJob[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default?: JobHandler;
      config?: { schedule?: string };
      dueAtStart?: () => Promise<boolean>;
    };
    const schedule = mod.config?.schedule;
    if (!schedule || typeof mod.default !== 'function') continue;
    parseSchedule(schedule);
    const name = file.replace(/\.[^.]+$/, '');
    jobs.push({
      name,
      schedule,
      handler: mod.default,
      ...(mod.dueAtStart ? { dueAtStart: mod.dueAtStart } : {}),
    });
  }
  return jobs;
}

/** Runs one job now, as Netlify does: a POST whose body names the next scheduled run. */
export async function runJob(job: ScheduledJob, now = Date.now()): Promise<Response> {
  const request = new Request(`http://localhost/.netlify/functions/${job.name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ next_run: new Date(nextRun(job.schedule, now)).toISOString() }),
  });
  return job.handler(request);
}

export interface Scheduler {
  stop(): void;
}

/**
 * Runs each job at its times until stopped, and once at start when it says it is due. A failed run
 * is logged and the job keeps its schedule. Timers are re-armed per run (a long sleep of the
 * machine runs a missed time once, on waking).
 */
export function startScheduler(
  jobs: ScheduledJob[],
  log: (line: string) => void = (line) => console.log(line),
): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const run = async (job: ScheduledJob, why: string) => {
    try {
      const response = await runJob(job);
      const detail = response.ok ? '' : ` (HTTP ${response.status})`;
      await response.body?.cancel();
      log(`[jobs] ${job.name} ran (${why})${detail}`);
    } catch (error) {
      log(`[jobs] ${job.name} failed (${why}): ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const arm = (job: ScheduledJob) => {
    if (stopped) return;
    const at = nextRun(job.schedule, Date.now());
    // setTimeout's longest wait is about 24.8 days: a longer one is re-armed on the way.
    const wait = Math.min(at - Date.now(), 2 ** 31 - 1);
    const timer = setTimeout(async () => {
      timers.delete(timer);
      if (Date.now() >= at) await run(job, 'scheduled');
      arm(job);
    }, wait);
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) {
    arm(job);
    void (async () => {
      if (job.dueAtStart && (await job.dueAtStart().catch(() => false)) && !stopped)
        await run(job, 'missing at start');
    })();
  }
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
