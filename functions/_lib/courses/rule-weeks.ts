/**
 * Broken rules counted per week, for the reports (docs/trades.md, "Rules by week"): a trip counts in
 * the market week (Monday to Sunday, New York time) of its exit. Rules are counted by their place in
 * the list of rules taken, not by kind: two lessons teaching one kind with different numbers are two
 * columns, as the review shows them as two checks. Pure.
 */
import type { RuleCheck } from '../contract/review.ts';
import { marketWeek } from './market-time.ts';

export interface RuleWeek {
  /** The week's Monday, `YYYY-MM-DD`. */
  week: string;
  /** Broken checks per rule, in the order of the rules taken (0 when none). */
  broken: number[];
  /** Closed trips of the week that were checked. */
  trips: number;
}

/**
 * Weeks in time order, only those with a trip. `exit`: the trip's last fill (ms); `outcomes[i]`:
 * its outcome for rule `i` of `ruleCount`.
 */
export function brokenRulesByWeek(
  trips: readonly { exit: number; outcomes: readonly RuleCheck['outcome'][] }[],
  ruleCount: number,
): RuleWeek[] {
  const weeks = new Map<string, RuleWeek>();
  for (const { exit, outcomes } of trips) {
    const week = marketWeek(exit);
    let entry = weeks.get(week);
    if (!entry) {
      entry = { week, broken: new Array<number>(ruleCount).fill(0), trips: 0 };
      weeks.set(week, entry);
    }
    entry.trips += 1;
    outcomes.slice(0, ruleCount).forEach((outcome, i) => {
      if (outcome === 'broken') entry.broken[i] = (entry.broken[i] ?? 0) + 1;
    });
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}
