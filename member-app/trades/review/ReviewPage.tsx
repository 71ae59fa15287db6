import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { exactMoney, formatAmount, formatMoney } from '../format.ts';
import { chartSummary, etText, fillClock, groupDigits, type Review } from './chart-data.ts';
import { AccountSizeForm } from './PlanForm.tsx';
import { ReviewFacts } from './ReviewFacts.tsx';
import { reviewQuery } from './review-data.ts';
import './review.css';

// The chart library loads with the chart alone, after the page's words are drawn.
const ReviewChart = lazy(() => import('./ReviewChart.tsx'));

/**
 * docs/trades.md "Trade review": one closed round trip — its head, the price chart with its fills,
 * how far it went for and against the member, the plan, tags, fills and the course's rules. One call
 * feeds it; the route's skeleton shows until it answers.
 */
export function ReviewPage({ trip: id }: { trip: string }) {
  // useQuery, not its suspense twin: that one is shared with the video library, and a shared module
  // is split out and named in the app's first load. The route's skeleton blocks (skeleton.css) show
  // until the answer, drawn here rather than imported from components/Skeleton.tsx for the same reason.
  const { data, error } = useQuery(reviewQuery(id));
  if (error) throw error;
  if (!data)
    return (
      <section className="member-page skeleton" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading Trade review
        </p>
        <div aria-hidden="true">
          <div className="skeleton__heading" />
          <div className="skeleton__player" />
          <div className="skeleton__rows" />
        </div>
      </section>
    );
  const { trip, fills } = data;
  const side = trip.side === 'long' ? 'Long' : 'Short';
  const tone = trip.net.startsWith('-') ? 'is-loss' : /[1-9]/.test(trip.net) ? 'is-win' : '';
  const first = fills[0];
  const last = fills.at(-1);
  const span =
    trip.dateOnly || !first || !last
      ? dateSpan(trip.entry.slice(0, 10), trip.exit.slice(0, 10))
      : `${etText(first.at)} → ${sameDay(first.at, last.at) ? etText(last.at).slice(11) : etText(last.at)} ET`;
  return (
    <section className="member-page trade-review" aria-labelledby="page-title">
      <p className="trade-review__back">
        <a href="/trades">← Trade History</a>
      </p>
      <header className="trade-review__head">
        <h1 id="page-title">Trade review: {trip.symbol}</h1>
        <p className="trade-review__line">
          <span>{side}</span>
          <span>{formatAmount(trip.shares)} shares</span>
          <span>{span}</span>
          <span>
            Net{' '}
            <strong className={tone} title={exactMoney(trip.net, trip.currency)}>
              {formatMoney(trip.net, trip.currency)}
            </strong>
          </span>
        </p>
      </header>
      <ChartSection review={data} />
      <ReviewFacts review={data} />
      <FillsTable review={data} />
      <RulesList rules={data.rules} trip={data.trip.id} />
    </section>
  );
}

const sameDay = (a: number, b: number) => etText(a).slice(0, 10) === etText(b).slice(0, 10);
const dateSpan = (from: string, to: string) => (from === to ? from : `${from} → ${to}`);
/** The provider's words, then what the page still shows. */
const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function ChartSection({ review }: { review: Review }) {
  const { bars, trip } = review;
  const drawn = bars.state === 'bars' && bars.bars.length > 0;
  return (
    <section className="trade-review__chart card" aria-labelledby="review-chart-title">
      <h2 id="review-chart-title">Price chart</h2>
      {bars.synthetic && (
        <p className="review-note is-synthetic">Synthetic bars (local stand-in), not market data</p>
      )}
      {(trip.dateOnly || bars.resolution === 'day') && (
        <p className="review-note">This file gave dates only: the time of day is unknown</p>
      )}
      {drawn ? (
        <Suspense fallback={<div className="review-chart__box" />}>
          <ReviewChart review={review} summary={chartSummary(review)} />
        </Suspense>
      ) : bars.state === 'no key' ? (
        // Member mode (docs/market-data.md, "Whose key"): bars come with the member's own key.
        <p className="review-note is-warning" role="status">
          Add your Massive API key on your <a href="/account">Account page</a> to see price bars. The fills
          are listed below.
        </p>
      ) : (
        <p className="review-note is-warning" role="status">
          {withStop(bars.message ?? 'No price bars for the time of this trade')} The fills are listed below.
        </p>
      )}
    </section>
  );
}

function FillsTable({ review }: { review: Review }) {
  const { fills, trip } = review;
  return (
    <section className="trade-review__fills" aria-labelledby="review-fills-title">
      <h2 id="review-fills-title">Fills</h2>
      <div className="trade-review__scroll">
        <table className="review-table" aria-labelledby="review-fills-title">
          <thead>
            <tr>
              <th scope="col">{trip.dateOnly ? 'Date' : 'Time (ET)'}</th>
              <th scope="col">Side</th>
              <th scope="col" className="num">
                Shares
              </th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Fees
              </th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {fills.map((fill) => (
              <tr key={fill.id}>
                <td>{trip.dateOnly ? fillClock(fill, true) : etText(fill.at)}</td>
                <td className={fill.side === 'buy' ? 'is-buy' : 'is-sell'}>
                  {fill.side === 'buy' ? 'Buy' : 'Sell'}
                </td>
                <td className="num">{groupDigits(fill.qty)}</td>
                <td className="num">{fill.price}</td>
                <td className="num" title={exactMoney(fill.fees, trip.currency)}>
                  {formatMoney(fill.fees, trip.currency, { sign: false })}
                </td>
                <td>{fill.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const OUTCOME = { kept: 'Kept', broken: 'Broken', 'not checked': 'Not checked' } as const;

function RulesList({ rules, trip }: { rules: Review['rules']; trip: string }) {
  return (
    <section className="trade-review__rules" aria-labelledby="review-rules-title">
      <h2 id="review-rules-title">The course's rules</h2>
      {rules.length === 0 ? (
        <p className="muted">The rules of the lessons you finish are checked here.</p>
      ) : (
        <ul className="review-rules">
          {rules.map((rule) => (
            <li key={rule.kind} className={`review-rule is-${rule.outcome.replace(' ', '-')}`}>
              <span className="review-rule__outcome">{OUTCOME[rule.outcome]}</span>
              <div>
                <p className="review-rule__label">{rule.label}</p>
                <p className="muted">{rule.why}</p>
                {rule.outcome === 'not checked' && /no account size/.test(rule.why) && (
                  <AccountSizeForm trip={trip} />
                )}
                <p>
                  Lesson: <a href={rule.lesson.href}>{rule.lesson.title}</a>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
