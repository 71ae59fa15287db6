import { BROKER_FORMATS, detectFormat } from '../../../functions/_lib/trades/brokers/index.ts';
import { ImportError } from '../../../functions/_lib/trades/errors.ts';
import { analyzeFile } from '../../../functions/_lib/trades/import-file.ts';
import { type ImportPreview, previewOf } from './to-api.ts';

/**
 * Reads a broker file off the page's thread: a 50,000-row export takes a while to parse and match,
 * and the dialog keeps answering meanwhile. One request per worker; the dialog starts a new one for
 * each attempt (another zone or date) and ends the old.
 */

export interface AnalyzeRequest {
  text: string;
  timeZone: string;
  date?: string | undefined;
}

export type AnalyzeStage = 'detecting' | 'parsing' | 'preparing';

export type WorkerMessage =
  | { type: 'progress'; stage: AnalyzeStage /** 0–1, by stage */; fraction: number }
  | { type: 'result'; preview: ImportPreview }
  | {
      type: 'error';
      line: number;
      message: string;
      /** A DAS Trades window export without the trade date: ask for it and try again. */
      needsDate: boolean;
      /** No supported header: the formats that are (BROKER_FORMATS labels). */
      supported: string[] | null;
    };

/** The worker's global, typed here because the project compiles with the DOM library, not WebWorker's. */
const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<AnalyzeRequest>) => void): void;
};
const post = (message: WorkerMessage) => scope.postMessage(message);

scope.addEventListener('message', (event: MessageEvent<AnalyzeRequest>) => {
  const { text, timeZone, date } = event.data;
  post({ type: 'progress', stage: 'detecting', fraction: 0.05 });
  const format = detectFormat(text);
  if (format === null) {
    post({
      type: 'error',
      line: 1,
      message: "This file's format is not recognised.",
      needsDate: false,
      supported: BROKER_FORMATS.map((known) => known.label),
    });
    return;
  }
  // analyzeFile has no progress hook: reading, parsing and matching are one call.
  post({ type: 'progress', stage: 'parsing', fraction: 0.2 });
  try {
    const analysis = analyzeFile(text, { timeZone, date });
    post({ type: 'progress', stage: 'preparing', fraction: 0.9 });
    post({ type: 'result', preview: previewOf(analysis, format.label) });
  } catch (error) {
    const needsDate = format.id === 'das' && !date;
    post({
      type: 'error',
      line: error instanceof ImportError && !needsDate ? error.line : 0,
      message: needsDate
        ? 'DAS Trader exports have no date column: enter the trade date to read the file.'
        : error instanceof Error
          ? error.message
          : String(error),
      needsDate,
      supported: null,
    });
  }
});
