import { type AnalyzeRequest, analyzeRequest, type WorkerMessage } from './analyze-request.ts';

/**
 * Reads a broker file off the page's thread: a 50,000-row export takes seconds to parse and match,
 * and the dialog keeps answering meanwhile. The dialog starts a worker for each attempt (another
 * file, zone or date) and ends the old one.
 */

/** The worker's global, typed here because the project compiles with the DOM library, not WebWorker's. */
const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<AnalyzeRequest>) => void): void;
};

scope.addEventListener('message', (event) =>
  analyzeRequest(event.data, (message) => scope.postMessage(message)),
);
