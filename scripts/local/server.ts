import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { type FunctionRoute, loadFunctions, matchFunction } from './functions-host.ts';
import { unusedNetlifyFeatures } from './netlify-features.mjs';

export interface ServerOptions {
  root: string;
  port: number;
  host?: string;
}

/**
 * Serves the production build the way Netlify does: functions by `config.path` first,
 * then netlify.toml redirects/rewrites, headers and the static files in `publish`
 * (through Netlify's own routing code in @netlify/dev).
 */
export async function startServer(options: ServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const routes = await loadFunctions(`${options.root}/functions`);
  const netlify = new NetlifyDev({
    projectRoot: options.root,
    ...unusedNetlifyFeatures,
    // Functions are served by our own host (functions-host.ts); their settings come from the stack.
    functions: { enabled: false },
    environmentVariables: { enabled: false },
    serverAddress: null,
  });
  await netlify.start();

  const server = http.createServer((req, res) => {
    handle(routes, netlify, path.join(options.root, 'dist'), req, res).catch((error: unknown) => {
      console.error('[server]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await netlify.stop();
    },
  };
}

async function handle(
  routes: FunctionRoute[],
  netlify: NetlifyDev,
  publishDir: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  // Collapse leading slashes: '//x' would otherwise parse as a host name (here and in @netlify/dev).
  req.url = (req.url ?? '/').replace(/^\/+/, '/');
  const url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`);
  const fn = matchFunction(routes, url.pathname);
  if (fn) {
    const response = await fn.handler(toRequest(req, url), localContext(req));
    return send(res, response);
  }
  const match = await netlify.handleAndIntrospectNodeRequest(req);
  if (match) return send(res, await byteRange(req, match.response));
  // Netlify answers a path nothing matches with the site's 404.html.
  const page = await readFile(path.join(publishDir, '404.html')).catch(() => undefined);
  res.writeHead(404, { 'content-type': page ? 'text/html; charset=utf-8' : 'text/plain' });
  res.end(page ?? 'Not found');
}

function toRequest(req: http.IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const length = req.headers['content-length'];
  const hasBody = Boolean(req.headers['transfer-encoding']) || (length !== undefined && length !== '0');
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : null,
    duplex: 'half',
  } as RequestInit);
}

// The subset of Netlify's Context our functions may read.
function localContext(req: http.IncomingMessage) {
  return {
    ip: req.socket.remoteAddress ?? '127.0.0.1',
    requestId: crypto.randomUUID(),
    site: {},
    deploy: {},
  };
}

/**
 * Byte ranges on static files, as Netlify's CDN serves them: media players fetch video and audio in
 * ranges, and a browser only seeks in a file served this way. One satisfiable `bytes=a-b` range
 * becomes a 206; anything else gets the whole file, announcing that ranges are accepted.
 */
async function byteRange(req: http.IncomingMessage, response: Response): Promise<Response> {
  if (req.method !== 'GET' || response.status !== 200 || !response.body) return response;
  const type = response.headers.get('content-type') ?? '';
  if (!/^(video|audio)\//.test(type)) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('accept-ranges', 'bytes');
  headers.delete('transfer-encoding');
  const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!match || (match[1] === '' && match[2] === '')) {
    headers.set('content-length', String(body.length));
    return new Response(body, { status: 200, headers });
  }
  const size = body.length;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start > end || start >= size) {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set('content-range', `bytes ${start}-${end}/${size}`);
  headers.set('content-length', String(end - start + 1));
  return new Response(body.subarray(start, end + 1), { status: 206, headers });
}

async function send(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    headers[key] = key === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  res.end(Buffer.from(await response.arrayBuffer()));
}
