import {
  type ColumnMapping,
  findHeader,
  guessMapping,
} from '../../../functions/_lib/trades/brokers/column-mapping.ts';
import { BROKER_FORMATS, detectFormat } from '../../../functions/_lib/trades/brokers/index.ts';
import { ImportError } from '../../../functions/_lib/trades/errors.ts';
import { analyzeFile } from '../../../functions/_lib/trades/import-file.ts';
import { type ImportPreview, previewOf } from './to-api.ts';

/** What the dialog asks the worker (import.worker.ts) to read. */
export interface AnalyzeRequest {
  text: string;
  timeZone: string;
  /** `YYYY-MM-DD`, for exports without a date column. */
  date?: string | undefined;
  /** The member's columns, for a file no supported format recognises. */
  mapping?: ColumnMapping | undefined;
}

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
    }
  | {
      type: 'error';
      /** 1-based line the problem is on; 0 when it is not in a line. */
      line: number;
      message: string;
      /** A DAS Trades window export without the trade date: ask for it and read the file again. */
      needsDate: boolean;
      /** No supported header: the formats that are (BROKER_FORMATS labels). */
      supported: string[] | null;
    };

/** Formats whose export has no date column: the member gives the trade date. */
const DATE_FROM_MEMBER = new Set<string>(['das']);

/** One reading of a broker file, its progress and outcome told through `post` (the worker's postMessage). */
export function analyzeRequest(
  { text, timeZone, date, mapping }: AnalyzeRequest,
  post: (message: WorkerMessage) => void,
) {
  post({ type: 'progress', stage: 'detecting', fraction: 0.05 });
  const format = mapping ? null : detectFormat(text);
  const header = format || mapping ? null : findHeader(text);
  if (header) {
    post({
      type: 'unmapped',
      header: header.cells,
      sample: header.sample,
      guess: guessMapping(header.cells),
      supported: BROKER_FORMATS.map((known) => known.label),
    });
    return;
  }
  if (format === null && !mapping) {
    post({
      type: 'error',
      line: 1,
      message: "This file's format is not recognised.",
      needsDate: false,
      supported: BROKER_FORMATS.map((known) => known.label),
    });
    return;
  }
  if (format && DATE_FROM_MEMBER.has(format.id) && !date) {
    post({
      type: 'error',
      line: 0,
      message: `${format.label} exports have no date column: enter the trade date to read the file.`,
      needsDate: true,
      supported: null,
    });
    return;
  }
  post({ type: 'progress', stage: 'parsing', fraction: 0.2 });
  try {
    const analysis = analyzeFile(text, { timeZone, date, mapping });
    post({ type: 'progress', stage: 'preparing', fraction: 0.9 });
    post({ type: 'result', preview: previewOf(analysis, format?.label ?? 'Your column mapping') });
  } catch (error) {
    post({
      type: 'error',
      line: error instanceof ImportError ? error.line : 0,
      message: error instanceof Error ? error.message : String(error),
      needsDate: false,
      supported: null,
    });
  }
}
