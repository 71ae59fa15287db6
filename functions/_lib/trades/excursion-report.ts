import type { Excursion } from '../contract/review.ts';
import { type Decimal, toDecimal, ZERO } from './money.ts';
import type { ClosedTrade } from './round-trips.ts';
import type { TripTag } from './tags.ts';

/**
 * MAE/MFE by setup tag (docs/trades.md, "MAE and MFE"): for each setup the member tags trips with,
 * and for the trips without one, how much of the move the winners keep and how far the losers go
 * against them before the exit, in one sentence they can act on. Pure: the trips, their measured
 * excursions (excursions.ts) and the member's tags go in, the rows come out.
 */

export interface SetupExcursions {
  /** The setup tag; null for the trips without a setup tag. */
  tag: { id: string; name: string } | null;
  trips: number;
  /** Trips whose MAE/MFE could be measured (bars, held past a minute, times known). */
  measured: number;
  /** Measured winners (gross > 0) and losers (gross < 0); a scratch is neither. */
  winners: number;
  losers: number;
  /** Median exit efficiency of the measured winners (percent, 2 decimals); null without one. */
  medianEfficiency: string | null;
  /** Losers with a planned risk: the only ones with an MAE and MFE in R. */
  losersWithRisk: number;
  /** Averages over the measured losers, 2 decimals; R over those with a planned risk. */
  loserMaeR: string | null;
  loserMaePercent: string | null;
  loserMfeR: string | null;
  loserMfePercent: string | null;
  /** "On Breakout you capture 38 % of the move; your losers go 2.10 R against you before you exit." */
  sentence: string;
}

export interface ExcursionReportInput {
  trips: readonly ClosedTrade[];
  /** The measured excursion of each trip, by trip id; a trip missing here is not measured. */
  excursions: Readonly<Record<string, Excursion>>;
  /** The member's note of each trip, by trip id (trade-store/trip-tags.ts `TripNote`): its tag ids. */
  notes: Readonly<Record<string, { tags: readonly string[] }>>;
  /** Every tag the member defined; mistake tags and ids not among them are ignored. */
  tags: readonly TripTag[];
}

type Measured = Extract<Excursion, { state: 'measured' }>;

interface Group {
  tag: { id: string; name: string } | null;
  trips: number;
  measured: Measured[];
  losers: Measured[];
}

/** One row per setup tag with trips (by name), then "No setup tag" when some trips have none. */
export function excursionReport(input: ExcursionReportInput): SetupExcursions[] {
  const setups = new Map(input.tags.filter((tag) => tag.kind === 'setup').map((tag) => [tag.id, tag]));
  const groups = new Map<string, Group>();
  const untagged: Group = { tag: null, trips: 0, measured: [], losers: [] };
  for (const trip of input.trips) {
    const ids = [...new Set(input.notes[trip.id]?.tags ?? [])].filter((id) => setups.has(id));
    const into =
      ids.length === 0
        ? [untagged]
        : ids.map((id) => {
            let group = groups.get(id);
            if (!group) {
              const { name } = setups.get(id) as TripTag;
              group = { tag: { id, name }, trips: 0, measured: [], losers: [] };
              groups.set(id, group);
            }
            return group;
          });
    const excursion = input.excursions[trip.id];
    const measured = excursion?.state === 'measured' ? excursion : null;
    const loser = measured !== null && toDecimal(trip.gross).lt(0);
    for (const group of into) {
      group.trips++;
      if (measured) group.measured.push(measured);
      if (measured && loser) group.losers.push(measured);
    }
  }
  const rows = [...groups.values()].sort((a, b) => (a.tag?.name ?? '').localeCompare(b.tag?.name ?? ''));
  if (untagged.trips > 0) rows.push(untagged);
  return rows.map(row);
}

function row(group: Group): SetupExcursions {
  const efficiencies = group.measured.flatMap((m) =>
    m.efficiency === null ? [] : [toDecimal(m.efficiency)],
  );
  const losers = group.losers;
  const withRisk = losers.filter((m) => m.mae.r !== null && m.mfe.r !== null);
  const result: Omit<SetupExcursions, 'sentence'> = {
    tag: group.tag,
    trips: group.trips,
    measured: group.measured.length,
    winners: efficiencies.length,
    losers: losers.length,
    medianEfficiency: median(efficiencies),
    losersWithRisk: withRisk.length,
    loserMaeR: average(withRisk.map((m) => m.mae.r as string)),
    loserMaePercent: average(losers.map((m) => m.mae.percent)),
    loserMfeR: average(withRisk.map((m) => m.mfe.r as string)),
    loserMfePercent: average(losers.map((m) => m.mfe.percent)),
  };
  return { ...result, sentence: sentence(result) };
}

/** The middle value (the mean of the two middle ones for an even count), 2 decimals; null for none. */
function median(values: Decimal[]): string | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a.cmp(b));
  const mid = Math.floor(sorted.length / 2);
  const middle =
    sorted.length % 2 === 1
      ? (sorted[mid] as Decimal)
      : (sorted[mid - 1] as Decimal).plus(sorted[mid] as Decimal).div(2);
  return middle.toFixed(2);
}

/** The mean of decimal strings, 2 decimals (half up); null for none. */
function average(values: readonly string[]): string | null {
  if (values.length === 0) return null;
  return values
    .reduce((sum, value) => sum.plus(value), ZERO)
    .div(values.length)
    .toFixed(2);
}

/**
 * The row in words. The losers' distance is in R only when every measured loser had a planned risk
 * (an average over some of them would speak for all); in percent of the average cost otherwise.
 */
function sentence(row: Omit<SetupExcursions, 'sentence'>): string {
  const on = row.tag ? `On ${row.tag.name}` : 'On trades without a setup tag';
  if (row.measured === 0)
    return `${on} no trade could be measured yet: MAE and MFE need 1-minute bars and a trade held past its first minute.`;
  const capture =
    row.medianEfficiency === null
      ? 'no winner is measured yet'
      : `you capture ${toDecimal(row.medianEfficiency).toFixed(0)} % of the move`;
  const against =
    row.losers === 0
      ? 'no loser is measured yet'
      : row.losersWithRisk === row.losers
        ? `your losers go ${row.loserMaeR} R against you before you exit`
        : `your losers go ${row.loserMaePercent} % against you before you exit`;
  return `${on} ${capture}; ${against}.`;
}
