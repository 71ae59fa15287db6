import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type RecordedAnswer, startRecordingServer } from './recording-server.ts';

/**
 * A local HTTP server standing in for discord.com/api/v10: it records every request the Discord
 * adapter sends (method, path with query, JSON body, headers) and answers from a route table.
 * Tests point the adapter at it with DISCORD_API_URL (config.apiBase).
 */
export interface DiscordRequest {
  method: string;
  /** Path after the API base, with the query string. */
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export type DiscordAnswer = RecordedAnswer;

export type DiscordRoute = (request: DiscordRequest) => DiscordAnswer | undefined;

export interface DiscordRecorder {
  apiBase: string;
  requests: DiscordRequest[];
  /** Tried first to last; the first answer wins; none → 404 like Discord's unknown route. */
  routes: DiscordRoute[];
  close(): Promise<void>;
}

export async function startDiscordRecorder(): Promise<DiscordRecorder> {
  const server = await startRecordingServer<DiscordRequest>(
    (req, raw) => ({
      method: req.method ?? '',
      path: (req.url ?? '/').replace(/^\/api\/v10/, ''),
      body: raw ? JSON.parse(raw) : undefined,
      headers: req.headers,
    }),
    () => ({ status: 404, body: { message: '404: Not Found', code: 0 } }),
  );
  return { ...server, apiBase: `http://127.0.0.1:${server.port}/api/v10` };
}

/** Discord's answer to an invite being made: a fresh code, valid for a day. */
export const answerInvites: DiscordRoute = ({ method, path }) =>
  method === 'POST' && path.endsWith('/invites')
    ? {
        body: {
          code: `c${randomUUID().slice(0, 6)}`,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }
    : undefined;
