import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { CHURN_REASON_LABELS, type ChurnReasonCode } from '../../functions/_lib/operator/churn.ts';
import { metricsQuery } from './console-data.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { chartDescription, chartSeries, churnPercent, count, dollars, latestDays } from './figures-format.ts';
import { formatDateTime } from './format.ts';

// uPlot loads only when the Money tab shows its chart: its own chunk, not the console's.
const MoneyChart = lazy(() => import('./MoneyChart.tsx'));

type Metrics = ApiResponse<'operator/metrics'>;
type Period = Metrics['weeks'][number];
type Cash = Metrics['current']['cash'];

/** The days whose money is listed one by one (the weeks and months sum every day). */
const CASH_DAYS = 14;

const reasonLabel = (code: string): string => CHURN_REASON_LABELS[code as ChurnReasonCode] ?? code;

/**
 * The Money tab (docs/operator.md "Money and churn"): today's figures and money, active members and
 * MRR over the year, the money of the latest days, the last 12 weeks and months with both churn
 * rates, commissions owed and why members leave. Everything comes from one `operator/metrics` call,
 * which reads the daily snapshots and the ledger's day totals, never the members.
 */
export function MoneyPanel() {
  const metrics = useQuery(metricsQuery);
  if (!metrics.data)
    return (
      <>
        {metrics.isPending && <p className="muted">Loading the figures…</p>}
        <ErrorLine error={metrics.error} what="the figures" />
      </>
    );
  const { current, weeks, months, days, commissions, churnReasons } = metrics.data;
  return (
    <div className="console-money">
      <section aria-labelledby="money-now">
        <h2 id="money-now">Now</h2>
        <p className="muted">
          Today ({current.day}, UTC) so far
          {current.snapshotDay
            ? `: the snapshot of ${current.snapshotDay} and the billing events since.`
            : '.'}
        </p>
        <dl className="console-money__figures">
          <Figure label="Active members" value={count(current.active.total)} />
          <Figure label="Monthly" value={count(current.active.monthly)} />
          <Figure label="Yearly" value={count(current.active.yearly)} />
          <Figure label="Past due" value={count(current.pastDue)} />
          <Figure label="MRR" value={dollars(current.mrr)} />
          <Figure label="New today" value={count(current.today.new)} />
          <Figure label="Reactivated today" value={count(current.today.reactivated)} />
          <Figure label="Cancelled today" value={count(current.today.cancelled)} />
          <Figure label="Lost today" value={count(current.today.lost)} />
          <Figure label="Collected today" value={dollars(current.cash.collected)} />
          <Figure label="Refunded today" value={dollars(current.cash.refunded)} />
          <Figure label="Failed charges today" value={dollars(current.cash.failed)} />
          <Figure label="Net today" value={dollars(current.cash.net)} />
        </dl>
      </section>
      <Chart days={days} />
      <CashDays days={days} />
      <section aria-labelledby="money-churn">
        <h2 id="money-churn">Weeks and months</h2>
        <dl className="console-money__definitions">
          <dt>Logo churn</dt>
          <dd>Members lost ÷ (members at the start + new and reactivated members in the period).</dd>
          <dt>Revenue churn</dt>
          <dd>
            MRR of the members lost ÷ (MRR at the start + MRR added in the period by new, returning and
            paying-more members).
          </dd>
          <dt>MRR</dt>
          <dd>What members with access pay per month: promo prices, yearly ÷ 12, complimentary $0.</dd>
          <dt>Collected</dt>
          <dd>
            Charges paid, refunds given and charges that failed, by the day the money moved; net is collected
            less refunded.
          </dd>
        </dl>
      </section>
      <PeriodTable title="Last 12 weeks" periods={weeks} />
      <PeriodTable title="Last 12 months" periods={months} />
      <Commissions commissions={commissions} />
      <section aria-labelledby="money-reasons">
        <h2 id="money-reasons">Why members leave</h2>
        <div className="console__scroll">
          <table className="console-table">
            <caption>Reasons given when turning autopay off</caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col">Count</th>
              </tr>
            </thead>
            <tbody>
              {churnReasons.counts.map((reason) => (
                <tr key={reason.code}>
                  <th scope="row">{reasonLabel(reason.code)}</th>
                  <td>{count(reason.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {churnReasons.recent.length === 0 ? (
          <p className="muted">No reason given yet.</p>
        ) : (
          <>
            <h3>Latest, in the members’ words</h3>
            <ul className="console-money__recent">
              {churnReasons.recent.map((reason) => (
                <li key={`${reason.at}-${reason.sub}`}>
                  <span className="muted">{formatDateTime(reason.at)}</span> {reasonLabel(reason.code)}
                  {reason.text ? `: “${reason.text}”` : ''} <span className="console__id">{reason.sub}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Chart({ days }: { days: Metrics['days'] }) {
  const series = useMemo(() => chartSeries(days), [days]);
  const description = useMemo(() => chartDescription(days), [days]);
  return (
    <section aria-labelledby="money-chart">
      <h2 id="money-chart">Active members and MRR</h2>
      {series[0].length === 0 ? (
        <p className="muted">No days recorded yet.</p>
      ) : (
        <Suspense fallback={<p className="muted">Loading the chart…</p>}>
          <MoneyChart series={series} description={description} />
        </Suspense>
      )}
    </section>
  );
}

/** The money columns of a day's or a period's row: amounts, with how many charges each. */
function CashHeads() {
  return (
    <>
      <th scope="col">Collected</th>
      <th scope="col">Refunded</th>
      <th scope="col">Failed</th>
      <th scope="col">Net</th>
    </>
  );
}

function CashCells({ cash }: { cash: Cash }) {
  return (
    <>
      <td>
        {dollars(cash.collected)} <span className="muted">({count(cash.charges)})</span>
      </td>
      <td>
        {dollars(cash.refunded)} <span className="muted">({count(cash.refunds)})</span>
      </td>
      <td>
        {dollars(cash.failed)} <span className="muted">({count(cash.failures)})</span>
      </td>
      <td>{dollars(cash.net)}</td>
    </>
  );
}

/** The money of the latest days, newest first, beside each day's MRR. */
function CashDays({ days }: { days: Metrics['days'] }) {
  const latest = useMemo(() => latestDays(days, CASH_DAYS), [days]);
  return (
    <section aria-labelledby="money-cash">
      <h2 id="money-cash">Cash collected</h2>
      <div className="console__scroll">
        <table className="console-table">
          <caption>
            Money by day, newest first: amounts with how many charges, refunds and failed charges
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <CashHeads />
              <th scope="col">MRR</th>
            </tr>
          </thead>
          <tbody>
            {latest.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <CashCells cash={d.cash} />
                <td>{dollars(d.mrr)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PeriodTable({ title, periods }: { title: string; periods: Period[] }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <div className="console__scroll">
        <table className="console-table">
          <caption>{title}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">New</th>
              <th scope="col">Reactivated</th>
              <th scope="col">Cancelled</th>
              <th scope="col">Lost</th>
              <th scope="col">Logo churn</th>
              <th scope="col">Revenue churn</th>
              <th scope="col">Active at end</th>
              <th scope="col">MRR at start</th>
              <th scope="col">MRR lost</th>
              <th scope="col">MRR at end</th>
              <CashHeads />
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.period}>
                <th scope="row" title={`${p.first} to ${p.last}`}>
                  {p.period}
                </th>
                <td>{count(p.new)}</td>
                <td>{count(p.reactivated)}</td>
                <td>{count(p.cancelled)}</td>
                <td>{count(p.lost)}</td>
                <td>{churnPercent(p.logoChurn)}</td>
                <td>{churnPercent(p.revenueChurn)}</td>
                <td>{count(p.activeAtEnd)}</td>
                <td>{p.mrrAtStart === null ? '—' : dollars(p.mrrAtStart)}</td>
                <td>{dollars(p.mrrLost)}</td>
                <td>{dollars(p.mrrAtEnd)}</td>
                <CashCells cash={p.cash} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {periods.length === 0 && (
        <p className="muted">No snapshots yet: the first is taken at the end of today (UTC).</p>
      )}
    </section>
  );
}

function Commissions({ commissions }: { commissions: Metrics['commissions'] }) {
  const owed = commissions.owed;
  return (
    <section aria-labelledby="money-commissions">
      <h2 id="money-commissions">Commissions owed</h2>
      {owed === null ? (
        <p>Rewardful computes and pays the affiliates’ commissions: its dashboard has the figure.</p>
      ) : (
        <>
          <p>
            <strong>{dollars(owed.commission)}</strong> on {count(owed.payments)} referred{' '}
            {owed.payments === 1 ? 'payment' : 'payments'} ({dollars(owed.paid)} paid, {owed.percent}%).
          </p>
          {owed.byReferral.length > 0 && (
            <div className="console__scroll">
              <table className="console-table">
                <caption>By referral</caption>
                <thead>
                  <tr>
                    <th scope="col">Referral</th>
                    <th scope="col">Payments</th>
                    <th scope="col">Paid</th>
                    <th scope="col">Commission</th>
                  </tr>
                </thead>
                <tbody>
                  {owed.byReferral.map((r) => (
                    <tr key={r.referral}>
                      <th scope="row">{r.referral}</th>
                      <td>{count(r.payments)}</td>
                      <td>{dollars(r.paid)}</td>
                      <td>{dollars(r.commission)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
