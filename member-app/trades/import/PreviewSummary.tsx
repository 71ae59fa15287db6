import { Fragment } from 'react';
import { exactMoney, formatMoney } from '../trade-view.ts';
import type { ImportPreview } from './to-api.ts';
import type { Known } from './use-duplicate-count.ts';

/** Rejected rows listed at most: a file of nothing but bad rows should not fill the page with 50,000. */
const REJECTED_SHOWN = 500;

/** What a file holds before anything is saved: counts, net per currency, every rejected row, warnings. */
export function PreviewSummary({
  preview,
  known,
  saved,
}: {
  preview: ImportPreview;
  known: Known;
  saved: boolean;
}) {
  const dates = preview.from === preview.to ? preview.from : `${preview.from} – ${preview.to}`;
  return (
    <section className="import__preview" aria-label="Preview">
      <dl>
        <dt>Format</dt>
        <dd>{preview.brokerLabel}</dd>
        <dt>Rows read</dt>
        <dd>{preview.rows}</dd>
        <dt>Executions</dt>
        <dd>{preview.executions.length}</dd>
        <dt>Dates</dt>
        <dd>
          {dates ?? '—'}
          {dates && !preview.timesKnown && ' (dates only: time of day unknown, openings first each day)'}
        </dd>
        <dt>Closed trades</dt>
        <dd>{preview.closedTrades}</dd>
        <dt>Open positions</dt>
        <dd>{preview.openPositions}</dd>
        {preview.openedBefore > 0 && (
          <>
            <dt>Opened before this file</dt>
            <dd data-opened-before>
              {preview.openedBefore} {preview.openedBefore === 1 ? 'close' : 'closes'} of positions the file
              does not open (lines below): not in P&L until you import the earlier file
            </dd>
          </>
        )}
        {Object.entries(preview.totals).map(([currency, totals]) => (
          <Fragment key={currency}>
            <dt>Net P&L ({currency})</dt>
            <dd>
              <span title={exactMoney(totals.net, currency)}>{formatMoney(totals.net, currency)}</span> over{' '}
              {totals.closed_trades} closed {totals.closed_trades === 1 ? 'trade' : 'trades'} (fees{' '}
              <span title={exactMoney(totals.fees, currency)}>
                {formatMoney(totals.fees, currency, { sign: false })}
              </span>
              )
            </dd>
          </Fragment>
        ))}
        {known.status !== 'unknown' && (
          <>
            <dt>Already in your journal</dt>
            <dd aria-busy={known.status === 'checking'}>
              {known.status === 'known'
                ? `${known.duplicates} (skipped)`
                : `checking… ${known.done}/${known.of}`}
            </dd>
          </>
        )}
      </dl>
      {preview.rejected.length > 0 && (
        <>
          <p className="import__rejected-title">
            {preview.rejected.length} {preview.rejected.length === 1 ? 'row' : 'rows'} rejected (not
            imported):
          </p>
          <ul className="import__rejected">
            {preview.rejected.slice(0, REJECTED_SHOWN).map((row) => (
              <li key={`${row.line}-${row.reason}`}>
                Line {row.line}: {row.reason}
              </li>
            ))}
            {preview.rejected.length > REJECTED_SHOWN && (
              <li>…and {preview.rejected.length - REJECTED_SHOWN} more</li>
            )}
          </ul>
        </>
      )}
      {preview.warnings.length > 0 && (
        <ul className="import__warnings">
          {preview.warnings.map((warning) => (
            <li key={`${warning.line}-${warning.message}`}>
              {/^lines? /.test(warning.message) ? '' : `Line ${warning.line}: `}
              {warning.message}
            </li>
          ))}
        </ul>
      )}
      {!saved && (
        <p className="import__note">
          Nothing is saved yet. Executions you already imported (from this file or an overlapping one) are
          skipped by the server, so none is counted twice.
        </p>
      )}
    </section>
  );
}
