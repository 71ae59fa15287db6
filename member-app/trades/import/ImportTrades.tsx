import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import type { ImportedExecution } from '../../../functions/_lib/contract/trades.ts';
import { type ColumnMapping, mappingProblem } from '../../../functions/_lib/trades/brokers/column-mapping.ts';
import { ApiError } from '../../api/client.ts';
import { checkBatch, importBatch, tradesChanged } from '../trades-data.ts';
import type { AnalyzeRequest, AnalyzeStage, WorkerMessage } from './analyze-request.ts';
import { ColumnMappingForm } from './ColumnMappingForm.tsx';
import { rememberMapping, savedMapping } from './saved-mappings.ts';
import { batches, type ImportPreview } from './to-api.ts';
import './import.css';

/** Zones a member's platform may print times in; US exchange time first. */
const TIME_ZONES: readonly (readonly [string, string])[] = [
  ['America/New_York', 'Eastern (New York)'],
  ['America/Chicago', 'Central (Chicago)'],
  ['America/Denver', 'Mountain (Denver)'],
  ['America/Phoenix', 'Arizona (Phoenix)'],
  ['America/Los_Angeles', 'Pacific (Los Angeles)'],
  ['America/Anchorage', 'Alaska (Anchorage)'],
  ['Pacific/Honolulu', 'Hawaii (Honolulu)'],
  ['America/Toronto', 'Toronto'],
  ['Europe/London', 'London'],
  ['Europe/Berlin', 'Central Europe (Berlin)'],
  ['Asia/Singapore', 'Singapore'],
  ['Asia/Tokyo', 'Tokyo'],
  ['Australia/Sydney', 'Sydney'],
  ['UTC', 'UTC'],
];

const STAGES: Record<AnalyzeStage, string> = {
  detecting: 'Recognising the format…',
  parsing: 'Reading rows and matching trades…',
  preparing: 'Preparing the preview…',
};

/** Rejected rows listed at most: a file of nothing but bad rows should not fill the page with 50,000. */
const REJECTED_SHOWN = 500;

type Analysis =
  | { status: 'idle' }
  | { status: 'reading'; stage: AnalyzeStage | null; fraction: number }
  | { status: 'ready'; preview: ImportPreview }
  | { status: 'mapping'; initial: ColumnMapping }
  | { status: 'failed'; line: number; message: string; supported: string[] | null };

/** An unknown file's header, as the worker found it: what the mapping form shows. */
type MappingOffer = Extract<WorkerMessage, { type: 'unmapped' }>;

/** The preview's count of executions already in the journal (asked of the server, nothing written). */
type Known =
  | { status: 'checking'; done: number; of: number }
  | { status: 'known'; duplicates: number }
  | { status: 'unknown' };

type Saving =
  | { status: 'idle' }
  | { status: 'saving'; done: number; of: number }
  | { status: 'saved'; added: number; duplicates: number; total: number }
  | { status: 'stopped'; reason: string; saved: number; of: number; executions: number };

/**
 * The trade journal's 'Import Trades' button and dialog: a broker CSV is read in a Web Worker, shown
 * as a preview, and only then sent to the server in calls of at most 1000 executions. The dialog
 * refreshes the trade lists itself when it saved something.
 */
export function ImportTrades() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Import Trades
      </button>
      {open && <ImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [timeZone, setTimeZone] = useState('America/New_York');
  const [dateShown, setDateShown] = useState(false);
  const [date, setDate] = useState('');
  const [analysis, setAnalysis] = useState<Analysis>({ status: 'idle' });
  // An unknown file: its header and the member's mapping (saved or made here), which reads it again.
  const [offer, setOffer] = useState<MappingOffer | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [saving, setSaving] = useState<Saving>({ status: 'idle' });
  const queryClient = useQueryClient();
  const busy = saving.status === 'saving';

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  // Once a preview is ready: how many of its executions the journal already has.
  const previewed = analysis.status === 'ready' ? analysis.preview : null;
  const [known, setKnown] = useState<Known>({ status: 'unknown' });
  useEffect(() => {
    if (!previewed || previewed.executions.length === 0) {
      setKnown({ status: 'unknown' });
      return;
    }
    let ended = false;
    const parts = batches(previewed.executions);
    setKnown({ status: 'checking', done: 0, of: parts.length });
    (async () => {
      let duplicates = 0;
      for (const [i, part] of parts.entries()) {
        const answer = await checkBatch(part);
        if (ended) return;
        duplicates += answer.duplicates;
        setKnown({ status: 'checking', done: i + 1, of: parts.length });
      }
      setKnown({ status: 'known', duplicates });
    })().catch(() => {
      // Only a count for the preview: the import itself still skips what is there.
      if (!ended) setKnown({ status: 'unknown' });
    });
    return () => {
      ended = true;
    };
  }, [previewed]);

  // Each file, zone, date or mapping is a new reading; the previous worker is ended.
  useEffect(() => {
    if (!file) {
      setAnalysis({ status: 'idle' });
      return;
    }
    setAnalysis({ status: 'reading', stage: null, fraction: 0 });
    setSaving({ status: 'idle' });
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        setAnalysis({ status: 'reading', stage: message.stage, fraction: message.fraction });
        return;
      }
      worker.terminate();
      if (message.type === 'result') {
        setAnalysis({ status: 'ready', preview: message.preview });
      } else if (message.type === 'unmapped') {
        setOffer(message);
        const saved = savedMapping(message.header);
        if (saved && mappingProblem(saved, message.header) === null) setMapping(saved);
        else setAnalysis({ status: 'mapping', initial: message.guess });
      } else {
        if (message.needsDate) setDateShown(true);
        setAnalysis({
          status: 'failed',
          line: message.line,
          message: message.message,
          supported: message.supported,
        });
      }
    });
    worker.addEventListener('error', () => {
      worker.terminate();
      setAnalysis({ status: 'failed', line: 0, message: 'The file could not be read.', supported: null });
    });
    let ended = false;
    file.arrayBuffer().then(
      (bytes) => {
        if (ended) return;
        // The bytes move to the worker (no copy), which decodes them: a 50 MB file costs the page nothing.
        const request: AnalyzeRequest = {
          bytes,
          timeZone,
          ...(date ? { date } : {}),
          ...(mapping ? { mapping } : {}),
        };
        worker.postMessage(request, [bytes]);
      },
      () => {
        if (!ended)
          setAnalysis({ status: 'failed', line: 0, message: 'The file could not be read.', supported: null });
      },
    );
    return () => {
      ended = true;
      worker.terminate();
    };
  }, [file, timeZone, date, mapping]);

  // A mapping that read the file is remembered for the next export with the same columns.
  useEffect(() => {
    if (analysis.status === 'ready' && mapping && offer) rememberMapping(offer.header, mapping);
  }, [analysis.status, mapping, offer]);

  async function save(executions: ImportedExecution[]) {
    const parts = batches(executions);
    let added = 0;
    let duplicates = 0;
    let total = 0;
    let saved = 0;
    setSaving({ status: 'saving', done: 0, of: parts.length });
    try {
      for (const part of parts) {
        const answer = await importBatch(part);
        added += answer.added;
        duplicates += answer.duplicates;
        total = answer.total;
        saved++;
        setSaving({ status: 'saving', done: saved, of: parts.length });
      }
      setSaving({ status: 'saved', added, duplicates, total });
    } catch (error) {
      setSaving({
        status: 'stopped',
        reason: failureReason(error),
        saved,
        of: parts.length,
        executions: parts.slice(0, saved).flat().length,
      });
    } finally {
      if (saved > 0) void tradesChanged(queryClient);
    }
  }

  const preview = analysis.status === 'ready' ? analysis.preview : null;
  return (
    <dialog
      ref={dialog}
      className="modal import"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
    >
      <h2 id={`${ids}-title`}>Import Trades</h2>
      <div className="import__fields">
        <label htmlFor={`${ids}-file`}>Broker file</label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
          disabled={busy}
          onChange={(event) => {
            setOffer(null);
            setMapping(null);
            setFile(event.currentTarget.files?.[0] ?? null);
          }}
        />
        <label htmlFor={`${ids}-zone`}>Time zone of the file</label>
        <select
          id={`${ids}-zone`}
          value={timeZone}
          disabled={busy}
          onChange={(event) => setTimeZone(event.currentTarget.value)}
        >
          {TIME_ZONES.map(([zone, name]) => (
            <option key={zone} value={zone}>
              {name}
            </option>
          ))}
        </select>
        {dateShown && (
          <>
            <label htmlFor={`${ids}-date`}>Trade date</label>
            <input
              id={`${ids}-date`}
              type="date"
              value={date}
              disabled={busy}
              onChange={(event) => setDate(event.currentTarget.value)}
            />
          </>
        )}
      </div>

      {analysis.status === 'reading' && (
        <div className="import__progress">
          <progress aria-label="Reading the file" value={analysis.fraction} max={1} />
          <p>{analysis.stage ? STAGES[analysis.stage] : 'Opening the file…'}</p>
        </div>
      )}

      {analysis.status === 'failed' && (
        <div className="import__error" role="alert">
          {analysis.supported ? (
            <p>This file's format is not recognised. Supported: {analysis.supported.join(', ')}.</p>
          ) : (
            <p>
              {analysis.line > 0 && !analysis.message.startsWith('line ') ? `Line ${analysis.line}: ` : ''}
              {analysis.message}
            </p>
          )}
        </div>
      )}

      {analysis.status === 'mapping' && offer && (
        <ColumnMappingForm
          header={offer.header}
          sample={offer.sample}
          initial={analysis.initial}
          supported={offer.supported}
          problem={offer.problem}
          disabled={busy}
          onApply={(chosen) => setMapping({ ...chosen })} // a new object: the same columns read again
        />
      )}

      {preview && <PreviewSummary preview={preview} known={known} saved={saving.status !== 'idle'} />}
      {mapping && offer && (preview || analysis.status === 'failed') && saving.status === 'idle' && (
        <button
          type="button"
          className="btn btn-ghost import__remap"
          onClick={() => setAnalysis({ status: 'mapping', initial: mapping })}
        >
          Change column mapping
        </button>
      )}

      {saving.status === 'saving' && (
        <div className="import__progress">
          <progress aria-label="Importing" value={saving.done} max={saving.of} />
          <p>
            Saving batch {Math.min(saving.done + 1, saving.of)} of {saving.of}…
          </p>
        </div>
      )}
      {saving.status === 'saved' && (
        <div className="import__summary" role="status">
          <p>Import finished.</p>
          <dl>
            <dt>Added</dt>
            <dd>{saving.added}</dd>
            <dt>Duplicates skipped</dt>
            <dd>{saving.duplicates}</dd>
            <dt>Trades in your journal</dt>
            <dd>{saving.total}</dd>
          </dl>
        </div>
      )}
      {saving.status === 'stopped' && (
        <div className="import__error" role="alert">
          <p>
            Import stopped: {saving.reason} {saving.saved} of {saving.of}{' '}
            {saving.of === 1 ? 'batch was' : 'batches were'} saved ({saving.executions} executions). Importing
            the same file again is safe: executions already saved are skipped.
          </p>
        </div>
      )}

      <div className="modal__actions">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => dialog.current?.close()}
        >
          {saving.status === 'saved' ? 'Close' : 'Cancel'}
        </button>
        {preview && saving.status !== 'saved' && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || preview.executions.length === 0}
            onClick={() => void save(preview.executions)}
          >
            Import {preview.executions.length} {preview.executions.length === 1 ? 'execution' : 'executions'}
          </button>
        )}
      </div>
    </dialog>
  );
}

function PreviewSummary({ preview, known, saved }: { preview: ImportPreview; known: Known; saved: boolean }) {
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
        {Object.entries(preview.totals).map(([currency, totals]) => (
          <Fragment key={currency}>
            <dt>Net P&L ({currency})</dt>
            <dd>
              {totals.net} over {totals.closed_trades} closed{' '}
              {totals.closed_trades === 1 ? 'trade' : 'trades'} (fees {totals.fees})
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

/** Why a batch failed, in the member's words; the caller adds what was saved. */
function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return `the server could not save a batch (error ${error.status}).`;
    return error.message.endsWith('.') ? error.message : `${error.message}.`;
  }
  return 'the server could not be reached (check your connection).';
}
