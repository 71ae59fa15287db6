import Big from 'big.js';
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
  /** lost ÷ activeAtStart, a fraction to 4 decimals, half up ("0.1667" is 16.67 %); null when the
   * start is 0 or unknown. */
  churnRate: string | null;
  mrrAtEnd: string;
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

export function churnRate(lost: number, activeAtStart: number | null): string | null {
  if (!activeAtStart) return null;
  return new Dec(lost).div(activeAtStart).round(4, Big.roundHalfUp).toFixed(4);
}

/** Figures per week or month, oldest first, for the periods that have at least one snapshot. */
export function periodFigures(snapshots: readonly DailySnapshot[], by: Period): PeriodFigures[] {
  const days = [...snapshots].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const figures: PeriodFigures[] = [];
  let previous = null as DailySnapshot | null;
  let current = null as PeriodFigures | null;
  for (const snapshot of days) {
    if (previous?.day === snapshot.day) throw new Error(`two snapshots of ${snapshot.day}`);
    const { period, first, last } = periodOf(snapshot.day, by);
    if (current?.period !== period) {
      const activeAtStart = previous ? total(previous) : null;
      current = {
        period,
        first,
        last,
        new: 0,
        reactivated: 0,
        cancelled: 0,
        lost: 0,
        activeAtStart,
        activeAtEnd: 0,
        churnRate: null,
        mrrAtEnd: '0.00',
      };
      figures.push(current);
    }
    current.new += snapshot.new;
    current.reactivated += snapshot.reactivated;
    current.cancelled += snapshot.cancelled;
    current.lost += snapshot.lost;
    current.activeAtEnd = total(snapshot);
    current.mrrAtEnd = snapshot.mrr;
    previous = snapshot;
  }
  for (const f of figures) f.churnRate = churnRate(f.lost, f.activeAtStart);
  return figures;
}
