import { membershipKey, parseMembership } from '../billing/membership.ts';
import { hashEntries, type Store } from '../store.ts';
import { dayCounts, daySnapshot, daysBefore } from './figures.ts';
import { opsKeys } from './keys.ts';
import { type DailySnapshot, dayOf, dayStart, gaugesAt, type PlanPrices } from './metrics.ts';

/**
 * The daily snapshot job (functions/operator-snapshot.ts, `@daily`): a finished UTC day's figures
 * kept in `ops:snapshots` (day → JSON), which the console's figures read instead of the members.
 */

/** Members read per page: one ZRANGE, then one MGET of their memberships. */
export const SNAPSHOT_PAGE = 1000;

/**
 * The day a run at `now` snapshots: the day that ended last (a run at 00:05 UTC writes
 * yesterday's, whose gauges are judged at its last millisecond).
 */
export const dueDay = (now: number): string => daysBefore(dayOf(now), 1);

/** Whether the day's snapshot is stored (the local scheduler runs the job at start when not). */
export async function hasSnapshot(store: Store, day: string): Promise<boolean> {
  return (await store.hexists(opsKeys.snapshots, day)) === 1;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Builds `day`'s snapshot and stores it (a second run replaces it): gauges from every member's
 * stored membership, judged at the day's last millisecond (gaugesAt: access, and what each pays),
 * walked in pages of the member index (never a key scan), counters from the day's counts. Memory
 * stays one page.
 */
export async function writeSnapshot(store: Store, day: string, prices: PlanPrices): Promise<DailySnapshot> {
  const at = dayStart(day) + DAY_MS - 1;
  const active = { monthly: 0, yearly: 0 };
  let pastDue = 0;
  let arr = 0;
  for (let start = 0; ; start += SNAPSHOT_PAGE) {
    const subs = (await store.zrange<string[]>(opsKeys.members, start, start + SNAPSHOT_PAGE - 1)).map(
      String,
    );
    if (subs.length === 0) break;
    const raws = await store.mget<Array<string | null>>(...subs.map(membershipKey));
    const memberships = raws.flatMap((raw) => parseMembership(raw) ?? []);
    const page = gaugesAt(memberships, prices, at);
    active.monthly += page.active.monthly;
    active.yearly += page.active.yearly;
    pastDue += page.pastDue;
    arr += page.arr;
    if (subs.length < SNAPSHOT_PAGE) break;
  }
  const counts = dayCounts(await hashEntries(store, opsKeys.day(day)), prices);
  const snapshot = daySnapshot(day, { active, pastDue, arr }, counts);
  await store.hset(opsKeys.snapshots, { [day]: JSON.stringify(snapshot) });
  return snapshot;
}
