import Big from 'big.js';
import { mrrFromArr } from '../billing/member-price.ts';
import type { Cash } from '../contract/operator.ts';
import { addCash, type CashCents, cashOf, zeroCash } from '../ledger/cash.ts';
import type { DailySnapshot } from './metrics.ts';

/**
 * Weekly and monthly figures from daily snapshots. Weeks are ISO weeks (Monday 00:00 UTC to Sunday
 * 23:59:59.999 UTC, numbered by the year of their Thursday); months are calendar months in UTC.
 * One pass over the snapshots (after sorting them), so a year of days answers in well under a
 * millisecond.
 */
export type Period = 'week' | 'month';

export interface PeriodFigures {
  /** `2026-W05` (ISO week) or `2026-02`. */
  period: string;
  /** The period's first and last calendar day, whatever days have snapshots. */
  first: string;
  last: string;
  new: number;
  reactivated: number;
  cancelled: number;
  lost: number;
  /** Members with access at the end of the last snapshot before the period; null when the history
   * starts inside the period (unknown, not zero). */
  activeAtStart: number | null;
  /** Members with access at the end of the period's last snapshot (so far, for the current period). */
  activeAtEnd: number;
  /**
   * Logo churn: lost ÷ (activeAtStart + new + reactivated), every member who could have been lost
   * in the period; a fraction to 4 decimals, half up ("0.1667" is 16.67 %). An unknown start counts
   * as 0 (the history began in the period, so its members all arrived in it). Null when nobody was.
   */
  logoChurn: string | null;
  /**
   * Revenue churn: MRR lost ÷ (MRR at start + MRR added), the same fraction for what members pay
   * (computed on the exact ARR cents: the ratio is the same). Null when there was no revenue.
   */
  revenueChurn: string | null;
  /** MRR at the end of the last snapshot before the period; null when the history starts inside it. */
  mrrAtStart: string | null;
  /** What the members lost in the period paid per month. */
  mrrLost: string;
  mrrAtEnd: string;
  /** The period's money, every ledger day in it summed (so far, for the current period). */
  cash: Cash;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const Dec = Big();
Dec.DP = 20;
Dec.RM = Big.roundHalfUp;

/** The period a day belongs to: its label and first and last day. */
export function periodOf(day: string, by: Period): { period: string; first: string; last: string } {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start)) throw new Error(`not a day: ${day}`);
  const date = new Date(start);
  if (by === 'month') {
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    return {
      period: day.slice(0, 7),
      first: iso(Date.UTC(year, month, 1)),
      last: iso(Date.UTC(year, month + 1, 0)),
    };
  }
  const monday = start - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return {
    period: `${year}-W${String(week).padStart(2, '0')}`,
    first: iso(monday),
    last: iso(monday + 6 * DAY_MS),
  };
}

const total = (s: DailySnapshot) => s.active.monthly + s.active.yearly;

/** part ÷ whole as a fraction to 4 decimals, half up; null when the whole is 0 (nothing to lose). */
export function churnFraction(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  return new Dec(part).div(whole).round(4, Big.roundHalfUp).toFixed(4);
}

/** periodOf for days mostly in order: the last period found answers every day inside it. */
function periodCache(by: Period) {
  let last: ReturnType<typeof periodOf> | null = null;
  return (day: string) => {
    if (!last || day < last.first || day > last.last) last = periodOf(day, by);
    return last;
  };
}

/** A period being summed: the contract's figures and the cents they are made from. */
interface Running {
  figures: PeriodFigures;
  arrAtStart: number | null;
  arrAdded: number;
  arrLost: number;
}

/**
 * Figures per week or month, oldest first, for the periods that have at least one snapshot.
 * `cash`: each day's money (ledger/cash.ts), summed into the period the day falls in, whatever
 * days have snapshots.
 */
export function periodFigures(
  snapshots: readonly DailySnapshot[],
  by: Period,
  cash: ReadonlyMap<string, CashCents> = new Map(),
): PeriodFigures[] {
  const days = [...snapshots].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const periods: Running[] = [];
  let previous = null as DailySnapshot | null;
  let current = null as Running | null;
  const within = periodCache(by);
  for (const snapshot of days) {
    if (previous?.day === snapshot.day) throw new Error(`two snapshots of ${snapshot.day}`);
    const { period, first, last } = within(snapshot.day);
    if (current?.figures.period !== period) {
      current = {
        figures: {
          period,
          first,
          last,
          new: 0,
          reactivated: 0,
          cancelled: 0,
          lost: 0,
          activeAtStart: previous ? total(previous) : null,
          activeAtEnd: 0,
          logoChurn: null,
          revenueChurn: null,
          mrrAtStart: previous ? previous.mrr : null,
          mrrLost: '0.00',
          mrrAtEnd: '0.00',
          cash: cashOf(zeroCash()),
        },
        arrAtStart: previous ? previous.arr : null,
        arrAdded: 0,
        arrLost: 0,
      };
      periods.push(current);
    }
    const f = current.figures;
    f.new += snapshot.new;
    f.reactivated += snapshot.reactivated;
    f.cancelled += snapshot.cancelled;
    f.lost += snapshot.lost;
    f.activeAtEnd = total(snapshot);
    f.mrrAtEnd = snapshot.mrr;
    current.arrAdded += snapshot.arrAdded;
    current.arrLost += snapshot.arrLost;
    previous = snapshot;
  }
  const byPeriod = new Map(periods.map((p) => [p.figures.period, p]));
  const money = new Map<string, CashCents>();
  for (const [day, cents] of cash) {
    const { period } = within(day);
    if (byPeriod.has(period)) money.set(period, addCash(money.get(period) ?? zeroCash(), cents));
  }
  return periods.map(({ figures: f, arrAtStart, arrAdded, arrLost }) => ({
    ...f,
    logoChurn: churnFraction(f.lost, (f.activeAtStart ?? 0) + f.new + f.reactivated),
    revenueChurn: churnFraction(arrLost, (arrAtStart ?? 0) + arrAdded),
    mrrLost: mrrFromArr(arrLost),
    cash: cashOf(money.get(f.period) ?? zeroCash()),
  }));
}
