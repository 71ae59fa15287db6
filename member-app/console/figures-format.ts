/**
 * How the Money tab words the operator's figures (operator/metrics): amounts arrive as exact
 * decimal strings ("1234.50") and churn as a 4-decimal fraction ("0.0123"); both are shown without
 * passing through floating point, so a figure on screen is the figure computed.
 */
const NONE = '—';

/** "0.0123" → "1.23%"; none (nobody and nothing that could be lost in the period) → a dash. */
export function churnPercent(rate: string | null): string {
  if (rate === null) return NONE;
  const match = /^(\d+)\.(\d{4})$/.exec(rate);
  if (!match) return NONE;
  const [, whole = '0', fraction = '0000'] = match;
  const percentWhole = String(Number(`${whole}${fraction.slice(0, 2)}`));
  return `${percentWhole}.${fraction.slice(2)}%`;
}

/** "1234.5" or "1234.50" → "$1,234.50"; anything else is shown as given, never as NaN. */
export function dollars(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return amount;
  const [, sign = '', whole = '0', cents = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}.${cents.padEnd(2, '0')}`;
}

/** A count with thousands separators ("12,345"). */
export const count = (n: number): string => n.toLocaleString('en-US');

type Day = { day: string; active: { monthly: number; yearly: number }; mrr: string };

const isDay = (d: Day): boolean => Number.isFinite(Date.parse(`${d.day}T00:00:00Z`));

/**
 * The chart's data from the days (oldest first): x in seconds at each UTC day's start, active
 * members in total, and MRR in dollars (a float is fine for drawing; the tables show exact figures).
 */
export function chartSeries(days: readonly Day[]): [number[], number[], number[]] {
  const kept = days.filter(isDay);
  return [
    kept.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
    kept.map((d) => d.active.monthly + d.active.yearly),
    kept.map((d) => Number(d.mrr)),
  ];
}

/** The chart's two lines, as its legend names them. */
export const CHART_LINES = { members: 'Active members', mrr: 'MRR' } as const;

/**
 * A legend value of the chart: the day under the cursor, or the latest day when the cursor is
 * elsewhere (uPlot's own legend shows "--" then). `format` words the value; a gap reads as a dash.
 */
export function legendValue(
  values: ArrayLike<number | null | undefined>,
  index: number | null,
  format: (value: number) => string,
): string {
  const at = index ?? values.length - 1;
  const value = at >= 0 ? values[at] : undefined;
  return value == null || !Number.isFinite(value) ? NONE : format(value);
}

/** A chart's x value (seconds at a UTC day's start) as its day, `YYYY-MM-DD`. */
export const dayOfSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The latest `n` days, newest first (the days arrive oldest first). */
export const latestDays = <T>(days: readonly T[], n: number): T[] => days.slice(-n).reverse();

/** The chart in words, for readers who cannot see the canvas: the first and the last day drawn. */
export function chartDescription(days: readonly Day[]): string {
  const kept = days.filter(isDay);
  const first = kept[0];
  const last = kept[kept.length - 1];
  if (!first || !last) return 'No days recorded yet.';
  const total = (d: Day) => count(d.active.monthly + d.active.yearly);
  return (
    `From ${first.day} to ${last.day}: active members ${total(first)} → ${total(last)}, ` +
    `MRR ${dollars(first.mrr)} → ${dollars(last.mrr)}.`
  );
}
