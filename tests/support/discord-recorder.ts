import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface DiscordAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type DiscordRoute = (request: DiscordRequest) => DiscordAnswer | undefined;

export interface DiscordRecorder {
  apiBase: string;
  requests: DiscordRequest[];
  /** Tried first to last; the first answer wins; none → 404 like Discord's unknown route. */
  routes: DiscordRoute[];
  close(): Promise<void>;
}

export async function startDiscordRecorder(): Promise<DiscordRecorder> {
  const requests: DiscordRequest[] = [];
  const routes: DiscordRoute[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = (req.url ?? '/').replace(/^\/api\/v10/, '');
    const recorded: DiscordRequest = {
      method: req.method ?? '',
      path,
      body: raw ? JSON.parse(raw) : undefined,
      headers: req.headers,
    };
    requests.push(recorded);
    const answer = routes.reduce<DiscordAnswer | undefined>(
      (found, route) => found ?? route(recorded),
      undefined,
    ) ?? {
      status: 404,
      body: { message: '404: Not Found', code: 0 },
    };
    const status = answer.status ?? 200;
    if (status === 204) return void res.writeHead(204, answer.headers).end();
    res
      .writeHead(status, { 'content-type': 'application/json', ...answer.headers })
      .end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}/api/v10`,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
