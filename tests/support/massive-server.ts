import { readFileSync } from 'node:fs';
import { type RecordedAnswer, type RecordingServer, startRecordingServer } from './recording-server.ts';

/** A request to the Massive stand-in: path, query params and the Authorization header it came with. */
export interface MassiveRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export type MassiveServer = RecordingServer<MassiveRequest> & { apiBase: string };

/**
 * A local HTTP server standing in for api.massive.com: records every request and answers from a
 * route table; an unknown URL gets Massive's 404.
 */
export async function startMassiveServer(): Promise<MassiveServer> {
  const server = await startRecordingServer<MassiveRequest>(
    (request) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      return { path: url.pathname, query: url.searchParams, authorization: request.headers.authorization };
    },
    () => ({ status: 404, body: { status: 'NOT_FOUND', message: 'Not found' } }),
  );
  return Object.assign(server, { apiBase: `http://127.0.0.1:${server.port}` });
}

/** A recorded answer of tests/fixtures/market/. */
export const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/market/${name}`, import.meta.url), 'utf8'));

export const ok = (body: unknown): RecordedAnswer => ({ body });
