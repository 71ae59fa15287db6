import { type ReactNode, useState } from 'react';
import type { Excursion } from '../../../functions/_lib/contract/review.ts';
import { exactMoney, formatAmount, formatMoney } from '../format.ts';
import { etText, type Review } from './chart-data.ts';
import { PlanForm } from './PlanForm.tsx';

type Figure = Extract<Excursion, { state: 'measured' }>['mae'];

/**
 * The trip's numbers beside the chart: how far the price went against (MAE) and for (MFE) the
 * member, how much of the best exit was taken and what was left after it, the plan and the tags.
 * A figure that could not be measured says why; it is never shown as 0.
 */
export function ReviewFacts({ review }: { review: Review }) {
  const { excursion, plan, trip, tags } = review;
  const [editing, setEditing] = useState(false);
  const money = (value: string, sign = true) => (
    <span title={exactMoney(value, trip.currency)}>{formatMoney(value, trip.currency, { sign })}</span>
  );
  const figure = (f: Figure) => (
    <>
      {money(f.dollars, false)} <span className="muted">·</span> {formatAmount(f.perShare, { sign: false })} a
      share <span className="muted">·</span> {formatAmount(f.percent, { sign: false })} %
      {f.r !== null && (
        <>
          {' '}
          <span className="muted">·</span> {formatAmount(f.r, { sign: false })} R
        </>
      )}
      <span className="review-facts__when">
        at {f.price}, {trip.dateOnly ? etText(f.at).slice(0, 10) : `${etText(f.at).slice(11, 16)} ET`}
      </span>
    </>
  );
  // Why nothing could be measured is said once, on the first row; the others say only that.
  const unmeasured =
    excursion.state === 'measured' ? null : excursion.state === 'no data' ? 'No data' : 'Not measurable';
  const unmeasuredWhy =
    excursion.state === 'measured' ? null : (
      <>
        {unmeasured}: <span className="muted">{excursion.reason}</span>
      </>
    );
  const rows: [string, ReactNode][] = [
    ['Worst against you (MAE)', unmeasuredWhy ?? (excursion.state === 'measured' && figure(excursion.mae))],
    ['Best for you (MFE)', unmeasured ?? (excursion.state === 'measured' && figure(excursion.mfe))],
    [
      'Exit efficiency',
      unmeasured ??
        (excursion.state === 'measured' &&
          (excursion.efficiency === null ? (
            <span className="muted">For winning trades only</span>
          ) : (
            `${excursion.efficiency} % of the best exit`
          ))),
    ],
    [
      'Left on the table',
      unmeasured ??
        (excursion.state === 'measured' &&
          (excursion.leftOnTable === null ? (
            <span className="muted">No data: no bars after the exit</span>
          ) : (
            <>
              {money(excursion.leftOnTable.dollars, false)} ({excursion.leftOnTable.perShare} a share) in the
              30 minutes after the exit
            </>
          ))),
    ],
  ];
  const planned = (value: string | null, shown: (v: string) => ReactNode) =>
    value === null ? <span className="muted">Not planned</span> : shown(value);
  return (
    <div className="trade-review__facts">
      <section className="card" aria-labelledby="review-excursion-title">
        <h2 id="review-excursion-title">How far it went</h2>
        <dl className="review-facts">
          {rows.map(([term, value]) => [<dt key={term}>{term}</dt>, <dd key={`${term}=`}>{value}</dd>])}
        </dl>
      </section>
      <section className="card" aria-labelledby="review-plan-title">
        <h2 id="review-plan-title">The plan</h2>
        {editing ? (
          <PlanForm review={review} onDone={() => setEditing(false)} />
        ) : (
          <>
            <dl className="review-facts">
              <dt>Risk</dt>
              <dd>{planned(plan.risk, (v) => money(v, false))}</dd>
              <dt>Stop</dt>
              <dd>{planned(plan.stop, (v) => v)}</dd>
              <dt>Target</dt>
              <dd>{planned(plan.target, (v) => v)}</dd>
            </dl>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing(true)}>
              Edit plan
            </button>
          </>
        )}
        <h3 className="review-facts__tags-title">Tags</h3>
        {tags.length === 0 ? (
          <p className="muted">No tags.</p>
        ) : (
          <ul className="review-tags" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag.id} className={`review-tag is-${tag.kind}`}>
                {tag.name}
                <span className="visually-hidden"> ({tag.kind})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
