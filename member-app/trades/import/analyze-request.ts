import type { ColumnMapping } from '../../../functions/_lib/trades/brokers/column-mapping.ts';
import {
  BROKER_FORMATS,
  closestFormats,
  type DetectResult,
} from '../../../functions/_lib/trades/brokers/index.ts';
import { findHeader, guessMapping } from '../../../functions/_lib/trades/brokers/mapping-guess.ts';
import { decodeText } from '../../../functions/_lib/trades/brokers/table.ts';
import { DateNeeded, ImportError } from '../../../functions/_lib/trades/errors.ts';
import { assertText, readFile } from '../../../functions/_lib/trades/import-file.ts';
import type { FlatSellAnswer } from '../../../functions/_lib/trades/round-trips.ts';
import { type ImportPreview, previewOf } from './to-api.ts';

/** What the dialog asks the worker (import.worker.ts) to read. */
export type AnalyzeRequest = FileContent & {
  timeZone: string;
  /** `YYYY-MM-DD`, for exports without a date column. */
  date?: string | undefined;
  /** The member's columns, for a file no supported format recognises. */
  mapping?: ColumnMapping | undefined;
  /** The member's answers to plain sells with nothing held, by `answerKey` (account and symbol). */
  sellsFromFlat?: Readonly<Record<string, FlatSellAnswer>> | undefined;
};

/** The file as text, or as its bytes (UTF-8 or UTF-16 with its mark), decoded here off the page's thread. */
type FileContent = { text: string; bytes?: undefined } | { bytes: ArrayBuffer; text?: undefined };

export type AnalyzeStage = 'detecting' | 'parsing' | 'preparing';

export type WorkerMessage =
  | {
      type: 'progress';
      stage: AnalyzeStage;
      /** 0–1, by stage: analyzeFile has no hook inside, so this moves stage by stage. */
      fraction: number;
    }
  | { type: 'result'; preview: ImportPreview }
  | {
      /** No supported header: the member can map the columns of the header found. */
      type: 'unmapped';
      header: string[];
      /** The first data rows, to show what each column holds. */
      sample: string[][];
      guess: ColumnMapping;
      /** The formats that are recognised (BROKER_FORMATS labels). */
      supported: string[];
      /** The closest known header and the required columns it lacks (`line 3: … has no Side`), if any. */
      problem: string | null;
    }
  | {
      type: 'error';
      /** 1-based line the problem is on; 0 when it is not in a line. */
      line: number;
      message: string;
      /** An export without a date column (DAS): ask for the trade date and read the file again. */
      needsDate: boolean;
      /** No supported header: the formats that are (BROKER_FORMATS labels). */
      supported: string[] | null;
    };

const supported = () => BROKER_FORMATS.map((known) => known.label);

/**
 * One reading of a broker file, its progress and outcome told through `post` (the worker's postMessage).
 * The format is detected here, once, for the whole import (why: functions/_lib/trades/import-file.ts);
 * the server takes the executions of the preview and checks them, without the file.
 */
export function analyzeRequest(request: AnalyzeRequest, post: (message: WorkerMessage) => void) {
  const { timeZone, date, mapping, sellsFromFlat } = request;
  post({ type: 'progress', stage: 'detecting', fraction: 0.05 });
  const text = request.bytes ? decodeText(new Uint8Array(request.bytes)) : request.text;
  try {
    assertText(text);
  } catch (error) {
    post(failure(error));
    return;
  }
  post({ type: 'progress', stage: 'parsing', fraction: 0.2 });
  try {
    // The format is found once, by readFile (import-file.ts): an unknown one comes back as its detection.
    const reading = readFile(text, { timeZone, date, mapping, sellsFromFlat });
    if (reading.status === 'unknown') {
      post(unmapped(text, reading.detection));
      return;
    }
    post({ type: 'progress', stage: 'preparing', fraction: 0.9 });
    post({ type: 'result', preview: previewOf(reading.analysis, reading.format.label) });
  } catch (error) {
    post(failure(error));
  }
}

/** A file no format fits: its header to map, or, without a header, that the format is unknown. */
function unmapped(text: string, detection: DetectResult): WorkerMessage {
  const header = findHeader(text);
  if (!header) {
    return {
      type: 'error',
      line: 1,
      message: "This file's format is not recognised.",
      needsDate: false,
      supported: supported(),
    };
  }
  const near = detection.nearest;
  return {
    type: 'unmapped',
    header: header.cells,
    sample: header.sample,
    guess: guessMapping(header.cells, header.rows),
    supported: supported(),
    problem: near ? `line ${near.line}: ${closestFormats(detection.closest)}` : null,
  };
}

function failure(error: unknown): WorkerMessage {
  if (error instanceof DateNeeded) {
    return {
      type: 'error',
      line: 0,
      message: `${error.label} exports have no date column: enter the trade date to read the file.`,
      needsDate: true,
      supported: null,
    };
  }
  return {
    type: 'error',
    line: error instanceof ImportError ? error.line : 0,
    message: error instanceof Error ? error.message : String(error),
    needsDate: false,
    supported: null,
  };
}
