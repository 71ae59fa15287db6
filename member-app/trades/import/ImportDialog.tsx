import { useEffect, useId, useRef, useState } from 'react';
import type { ImportedExecution } from '../../../functions/_lib/contract/index.ts';
import type { ColumnMapping } from '../../../functions/_lib/trades/brokers/column-mapping.ts';
import { useFlatSellAnswers } from '../flat-sell-answers.ts';
import type { AnalyzeStage } from './analyze-request.ts';
import { ColumnMappingForm } from './ColumnMappingForm.tsx';
import { PreviewSummary } from './PreviewSummary.tsx';
import { useDuplicateCount } from './use-duplicate-count.ts';
import { useFileAnalysis } from './use-file-analysis.ts';
import { useImportSave } from './use-import-save.ts';
import './import.css';

// The import's state lives in three hooks (reading the file, counting what the journal already
// has, saving); this file only lays out the dialog.

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

/** The import dialog: file, format, mapping, preview, save. Loaded when the member first opens it. */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [timeZone, setTimeZone] = useState('America/New_York');
  const [date, setDate] = useState('');
  // An unknown file's mapping (saved or made here), which reads it again.
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  // Answers to sales with nothing held before them: asked once per account and symbol, kept for later imports.
  const { answers, answer } = useFlatSellAnswers();
  const { analysis, offer, needsDate, remap, forgetOffer } = useFileAnalysis(
    { file, timeZone, date, mapping, sellsFromFlat: answers },
    setMapping,
  );
  const known = useDuplicateCount(analysis.status === 'ready' ? analysis.preview : null);
  const { saving, save, reset } = useImportSave();
  const busy = saving.status === 'saving';

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  // Openings the member entered for closes of positions opened before the file, by the close.
  const [openings, setOpenings] = useState<Record<string, ImportedExecution>>({});

  // Another file, zone, date or mapping is another preview: nothing of it is saved yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs are the trigger
  useEffect(() => {
    reset();
    setOpenings({});
  }, [file, timeZone, date, mapping, reset]);

  const preview = analysis.status === 'ready' ? analysis.preview : null;
  const toImport = preview ? [...preview.executions, ...Object.values(openings)] : [];
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
          accept=".csv,.txt,.tsv,.xml,text/csv,text/plain,text/tab-separated-values,text/xml,application/xml"
          disabled={busy}
          onChange={(event) => {
            forgetOffer();
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
        {needsDate && (
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

      {preview && (
        <PreviewSummary
          preview={preview}
          known={known}
          saved={saving.status !== 'idle'}
          openings={openings}
          onOpening={(fill, opening) => setOpenings((entered) => ({ ...entered, [fill]: opening }))}
          onAnswer={answer}
        />
      )}
      {mapping && offer && (preview || analysis.status === 'failed') && saving.status === 'idle' && (
        <button type="button" className="btn btn-ghost import__remap" onClick={() => remap(mapping)}>
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
            disabled={busy || toImport.length === 0}
            onClick={() => void save(toImport, preview?.actions)}
          >
            Import {toImport.length} {toImport.length === 1 ? 'execution' : 'executions'}
          </button>
        )}
      </div>
    </dialog>
  );
}
