import type { IncomingHttpHeaders } from 'node:http';
import { type RecordedAnswer, startRecordingServer } from './recording-server.ts';

/**
 * A local HTTP server standing in for api.stripe.com: it records every request the real `stripe`
 * SDK sends (method, path, form body decoded, headers) and answers from a route table. Tests point
 * the SDK at it with `new Stripe(key, { host, port, protocol: 'http' })`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body as flat key → value pairs (`items[0][price]` → 'price_x'). */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export type Answer = RecordedAnswer;

export type Route = (request: RecordedRequest) => Answer | undefined;

export interface StripeRecorder {
  transport: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  /** Routes tried first to last; the first answer wins; none → 404 like Stripe's unknown URL. */
  routes: Route[];
  close(): Promise<void>;
}

export async function startStripeRecorder(): Promise<StripeRecorder> {
  const server = await startRecordingServer<RecordedRequest>(
    (req, raw) => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      return {
        method: req.method ?? '',
        path: url.pathname,
        form: Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw)),
        headers: req.headers,
      };
    },
    (recorded) => ({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${recorded.method}: ${recorded.path})`,
        },
      },
    }),
  );
  return { ...server, transport: { host: '127.0.0.1', port: server.port, protocol: 'http' } };
}
