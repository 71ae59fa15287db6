import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a route answers; JSON unless the status is 204. */
export interface RecordedAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordingServer<R> {
  port: number;
  requests: R[];
  /** Tried first to last; the first answer wins; none → the service's own "unknown URL" answer. */
  routes: Array<(request: R) => RecordedAnswer | undefined>;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for an outside API (Stripe, Discord): every request is decoded
 * by `decode` and recorded, and answered from a route table, or by `notFound`.
 */
export async function startRecordingServer<R>(
  decode: (request: IncomingMessage, rawBody: string) => R,
  notFound: (request: R) => RecordedAnswer,
): Promise<RecordingServer<R>> {
  const requests: R[] = [];
  const routes: RecordingServer<R>['routes'] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const recorded = decode(req, raw);
    requests.push(recorded);
    const answer =
      routes.reduce<RecordedAnswer | undefined>((found, route) => found ?? route(recorded), undefined) ??
      notFound(recorded);
    const status = answer.status ?? 200;
    if (status === 204) return void res.writeHead(204, answer.headers).end();
    res
      .writeHead(status, { 'content-type': 'application/json', ...answer.headers })
      .end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
