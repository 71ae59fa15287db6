import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse, Trade } from '../../functions/_lib/contract/index.ts';
import { brokenRulesByWeek } from '../../functions/_lib/courses/rule-weeks.ts';
import type { ClosedTrade, FlatSellAnswer } from '../../functions/_lib/trades/round-trips.ts';
import { tripSignature } from '../../functions/_lib/trades/trip-signature.ts';
import { callApi } from '../api/client.ts';
import './rule-weeks.css';

type TripRules = ApiResponse<'journal/trades/rules'>;

/**
 * Under ['trades', …]: every trade write asks again; a planned stop or risk too (trip-tags-data.ts).
 * The answers to sales with nothing held go along, so the server matches the trips this page shows.
 * While a changed answer is checked, the last figures stay up: each trip's entry carries the
 * signature it was checked for, so a trip the answer changed is left out until its new entry comes.
 */
const tripRulesQuery = (answers: Readonly<Record<string, FlatSellAnswer>>) =>
  queryOptions({
    queryKey: ['trades', 'rules', answers],
    queryFn: () => callApi('journal/trades/rules', Object.keys(answers).length > 0 ? { answers } : {}),
    placeholderData: keepPreviousData,
  });

const weekLabel = (monday: string) =>
  new Date(`${monday}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The trips the filters keep, with their outcomes when checked for this very trip (its signature). */
function checkedTrips(rules: TripRules, trips: readonly ClosedTrade[], trades: ReadonlyMap<string, Trade>) {
  return trips.flatMap((trip) => {
    const entry = rules.trips[trip.id];
    const exitAt = trades.get(trip.fills?.at(-1) ?? '')?.time;
    if (!entry || exitAt === undefined || entry.sig !== tripSignature(trip, exitAt)) return [];
    return [{ exit: entry.exitAt, outcomes: entry.outcomes }];
  });
}

/**
 * "Rules by week" (docs/trades.md): the rules of the lessons the member finished, broken how often
 * in each market week, over the trips the filters keep; each rule links to its lesson. Nothing until
 * a lesson that teaches a rule is finished. Lazy: its own chunk, after the page is drawn.
 */
export default function RuleWeeksReport({
  trips,
  trades,
  answers,
}: {
  trips: readonly ClosedTrade[];
  trades: ReadonlyMap<string, Trade>;
  answers: Readonly<Record<string, FlatSellAnswer>>;
}) {
  const { data } = useQuery(tripRulesQuery(answers));
  if (!data || data.rules.length === 0) return null;
  const checked = checkedTrips(data, trips, trades);
  if (checked.length === 0) return null;
  const weeks = brokenRulesByWeek(checked, data.rules.length).reverse();
  const totals = data.rules.map((_, i) => weeks.reduce((sum, week) => sum + (week.broken[i] ?? 0), 0));
  return (
    <section className="trade-stats rule-weeks" aria-labelledby="rule-weeks-title">
      <h2 id="rule-weeks-title">Rules by week</h2>
      <p className="muted">
        How often each rule of the lessons you finished was broken, in the week each trade closed (New York
        time).
      </p>
      <div className="bucket-table__box">
        <table className="bucket-table rule-weeks-table">
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Trades</th>
              {data.rules.map((rule) => (
                <th scope="col" key={`${rule.lesson.course}/${rule.lesson.lesson}`}>
                  <a href={rule.lesson.href} title={`Lesson: ${rule.lesson.title}`}>
                    {rule.label}
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{weekLabel(week.week)}</th>
                <td>{week.trips}</td>
                {week.broken.map((count, i) => (
                  <td key={data.rules[i]?.lesson.lesson ?? i} className={count > 0 ? 'is-broken' : undefined}>
                    {count}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All weeks</th>
              <td>{checked.length}</td>
              {totals.map((count, i) => (
                <td key={data.rules[i]?.lesson.lesson ?? i}>{count}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
