import { Fragment, useState } from 'react';
import type { ImportedExecution } from '../../../functions/_lib/contract/index.ts';
import type { ActionOutcome, FlatSellAnswer } from '../../../functions/_lib/trades/round-trips.ts';
import { describeOutcomes } from '../action-form.ts';
import { EnterOpeningToggle } from '../EnterOpeningToggle.tsx';
import { FlatSellQuestions } from '../FlatSellQuestions.tsx';
import { exactMoney, formatAmount, formatMoney } from '../format.ts';
import { OpeningForm } from '../OpeningForm.tsx';
import { tradeTimeZone } from '../time-zone.ts';
import { StatementChecks } from './StatementChecks.tsx';
import type { ImportPreview } from './to-api.ts';
import type { Known } from './use-duplicate-count.ts';

/** Rejected rows listed at most: a file of nothing but bad rows should not fill the page with 50,000. */
const REJECTED_SHOWN = 500;

/** What a file holds before anything is saved: counts, net per currency, every rejected row, warnings. */
export function PreviewSummary({
  preview,
  known,
  saved,
  openings,
  onOpening,
  onAnswer,
}: {
  preview: ImportPreview;
  known: Known;
  saved: boolean;
  /** Openings the member entered for closes of earlier positions, by the close's fingerprint. */
  openings: Readonly<Record<string, ImportedExecution>>;
  onOpening: (fill: string, opening: ImportedExecution) => void;
  /** The member answers a sale with nothing held before it (the file is read again with it). */
  onAnswer: (id: string, answer: FlatSellAnswer) => void;
}) {
  const dates = preview.from === preview.to ? preview.from : `${preview.from} – ${preview.to}`;
  return (
    <section className="import__preview" aria-label="Preview">
      <StatementChecks checks={preview.checks} />
      <FlatSellQuestions questions={preview.unresolved} onAnswer={onAnswer} where="file" />
      {preview.settled.length > 0 && (
        <ul className="import__settled" aria-label="Answered by the file">
          {preview.settled.map((settled) => (
            <li key={`${settled.account}|${settled.symbol}`}>
              {settled.symbol}: the file's own end-of-period position shows its opening sales were{' '}
              {settled.answer === 'short' ? 'short sales' : 'of shares held before this file'}.
            </li>
          ))}
        </ul>
      )}
      {preview.actionOutcomes.length > 0 && (
        <ul className="import__actions" aria-label="Splits and symbol changes">
          {preview.actionOutcomes.map((outcome) => (
            <li key={`${outcome.action.line}|${outcome.account}|${outcome.symbol}`}>
              Line {outcome.action.line}: {describeFileAction(outcome)} — {describeOutcomes([outcome])}
            </li>
          ))}
        </ul>
      )}
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
        {preview.unresolved.length > 0 && (
          <>
            <dt>Waiting for your answer</dt>
            <dd data-unresolved>
              {preview.unresolved.reduce((n, question) => n + question.waiting, 0)} executions of{' '}
              {preview.unresolved.length} {preview.unresolved.length === 1 ? 'symbol' : 'symbols'}: not in P&L
              or positions until answered (above)
            </dd>
          </>
        )}
        {preview.openedBefore.length > 0 && (
          <>
            <dt>Opened before this file</dt>
            <dd data-opened-before>
              {preview.openedBefore.length} {preview.openedBefore.length === 1 ? 'close' : 'closes'} of
              positions the file does not open: not in P&L until their openings are known (below, or import
              the earlier file)
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
      {preview.openedBefore.length > 0 && (
        <OpenedBeforeFile preview={preview} openings={openings} onOpening={onOpening} />
      )}
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

/** `YYYY-MM-DD` of an instant in the zone openings are entered in. */
const dayIn = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tradeTimeZone() }).format(ms);

/**
 * The closes whose opening is not in the file, each with its line: the member may enter what the
 * position cost, and that opening is imported with the file (the close becomes a round trip).
 */
function OpenedBeforeFile({
  preview,
  openings,
  onOpening,
}: {
  preview: ImportPreview;
  openings: Readonly<Record<string, ImportedExecution>>;
  onOpening: (fill: string, opening: ImportedExecution) => void;
}) {
  const [entering, setEntering] = useState<string | null>(null);
  return (
    <ul className="import__opened-before" aria-label="Opened before this file">
      {preview.openedBefore.map((close) => {
        const opening = openings[close.fill];
        return (
          <li key={close.fill}>
            Line {close.line}: {close.side === 'long' ? 'sold' : 'covered'}{' '}
            {formatAmount(String(close.shares))} {close.symbol} (
            {formatMoney(close.value, close.currency, { sign: false })}){' '}
            {opening ? (
              <span className="import__opening">
                — opened at {opening.price} on {dayIn(opening.time)}, imported with the file
              </span>
            ) : (
              <EnterOpeningToggle fill={close.fill} open={entering} onToggle={setEntering} />
            )}
            {!opening && entering === close.fill && (
              <OpeningForm
                close={close}
                broker={preview.broker}
                onOpening={(entered) => {
                  onOpening(close.fill, entered);
                  setEntering(null);
                }}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** `AVGO 10/1 split, 2024-07-15`, `BSRC → NEWH, 2021-04-30`: a file's action as the preview names it. */
function describeFileAction({ action }: ActionOutcome): string {
  const day = action.time.slice(0, 10);
  if (action.kind === 'rename') return `${action.symbol} → ${action.toSymbol ?? ''}, ${day}`;
  const ratio = action.ratio ? action.ratio.replace('/', ' for ') : null;
  return `${action.symbol} ${ratio ? `${ratio} split` : 'split'}, ${day}`;
}
