import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Route = (request: RecordedRequest) => Answer | undefined;

export interface StripeRecorder {
  transport: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  /** Routes tried first to last; the first answer wins; none → 404 like Stripe's unknown URL. */
  routes: Route[];
  close(): Promise<void>;
}

export async function startStripeRecorder(): Promise<StripeRecorder> {
  const requests: RecordedRequest[] = [];
  const routes: Route[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      form,
      headers: req.headers,
    };
    requests.push(recorded);
    const answer = routes.reduce<Answer | undefined>(
      (found, route) => found ?? route(recorded),
      undefined,
    ) ?? {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${recorded.method}: ${url.pathname})`,
        },
      },
    };
    res
      .writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers })
      .end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    transport: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
