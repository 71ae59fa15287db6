import { useEffect, useState } from 'react';
import { type ColumnMapping, mappingProblem } from '../../../functions/_lib/trades/brokers/column-mapping.ts';
import type { FlatSellAnswer } from '../../../functions/_lib/trades/round-trips.ts';
import type { AnalyzeRequest, AnalyzeStage, WorkerMessage } from './analyze-request.ts';
import { rememberMapping, savedMapping } from './saved-mappings.ts';
import type { ImportPreview } from './to-api.ts';

/**
 * The import's reading of a file, as a state machine: idle → reading (the worker's stages) → a
 * preview, a mapping to make (an unknown header), or a failure naming the line. Each file, zone,
 * date or mapping is a new reading in a new Web Worker; the previous one is ended.
 */
export type Analysis =
  | { status: 'idle' }
  | { status: 'reading'; stage: AnalyzeStage | null; fraction: number }
  | { status: 'ready'; preview: ImportPreview }
  | { status: 'mapping'; initial: ColumnMapping }
  | { status: 'failed'; line: number; message: string; supported: string[] | null };

/** An unknown file's header, as the worker found it: what the mapping form shows. */
export type MappingOffer = Extract<WorkerMessage, { type: 'unmapped' }>;

export interface FileChoice {
  file: File | null;
  timeZone: string;
  /** The trade date, for files that have none (DAS's trades window). */
  date: string;
  /** The member's mapping of an unknown file's columns, once made or found saved. */
  mapping: ColumnMapping | null;
  /** The member's answers to sales with nothing held before them, by account and symbol. */
  sellsFromFlat: Readonly<Record<string, FlatSellAnswer>>;
}

export function useFileAnalysis(
  { file, timeZone, date, mapping, sellsFromFlat }: FileChoice,
  onMapping: (m: ColumnMapping) => void,
) {
  const [analysis, setAnalysis] = useState<Analysis>({ status: 'idle' });
  const [offer, setOffer] = useState<MappingOffer | null>(null);
  const [needsDate, setNeedsDate] = useState(false);

  useEffect(() => {
    if (!file) {
      setAnalysis({ status: 'idle' });
      return;
    }
    setAnalysis({ status: 'reading', stage: null, fraction: 0 });
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
    const unreadable = () =>
      setAnalysis({ status: 'failed', line: 0, message: 'The file could not be read.', supported: null });
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
        if (saved && mappingProblem(saved, message.header) === null) onMapping(saved);
        else setAnalysis({ status: 'mapping', initial: message.guess });
      } else {
        if (message.needsDate) setNeedsDate(true);
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
      unreadable();
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
          sellsFromFlat,
        };
        worker.postMessage(request, [bytes]);
      },
      () => {
        if (!ended) unreadable();
      },
    );
    return () => {
      ended = true;
      worker.terminate();
    };
  }, [file, timeZone, date, mapping, sellsFromFlat, onMapping]);

  // A mapping that read the file is remembered for the next export with the same columns.
  useEffect(() => {
    if (analysis.status === 'ready' && mapping && offer) rememberMapping(offer.header, mapping);
  }, [analysis.status, mapping, offer]);

  return {
    analysis,
    offer,
    needsDate,
    /** Back to the mapping form, starting from `initial`. */
    remap: (initial: ColumnMapping) => setAnalysis({ status: 'mapping', initial }),
    /** A new file: its header is not known yet. */
    forgetOffer: () => setOffer(null),
  };
}
