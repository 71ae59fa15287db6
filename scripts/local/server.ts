import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { payloadTooLarge } from '../../functions/_lib/http/errors.ts';
import { API_SECURITY_HEADERS, json, MAX_REQUEST_BYTES } from '../../functions/_lib/http/json-response.ts';
import { EDITOR_PATH, LOCAL_BACKEND_PATH } from '../../site/cms/config.ts';
import { chooseEncoding, compressible, encode } from './compression.ts';
import type { ContentBackend } from './content-backend.ts';
import { editorAccess } from './editor-access.ts';
import { callBackend, type LocalEditor } from './editor-backend.ts';
import { type FunctionRoute, loadFunctions, matchFunction } from './functions-host.ts';
import { answerMalformedRequests } from './malformed-requests.ts';
import { unusedNetlifyFeatures } from './netlify-features.mjs';
import { readWithin } from './request-body.ts';

export interface ServerOptions {
  root: string;
  port: number;
  host?: string;
  /** The content editor's local backend, served at /admin/api/v1 on the site's origin. */
  contentBackend?: ContentBackend;
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

  // Set once the port is known: the editor answers only to this machine's names with this port.
  let editor: LocalEditor | undefined;
  const server = http.createServer((req, res) => {
    handle(routes, netlify, editor, req, res).catch((error: unknown) => {
      console.error('[server]', error);
      if (res.headersSent) return void res.end();
      void send(req, res, json({ error: 'Something went wrong. Please try again.' }, 500));
    });
  });
  server.keepAliveTimeout = 65_000;
  answerMalformedRequests(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  if (options.contentBackend) editor = { access: editorAccess(port), backend: options.contentBackend };
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
  editor: LocalEditor | undefined,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  // Collapse leading slashes: '//x' would otherwise parse as a host name (here and in @netlify/dev).
  req.url = (req.url ?? '/').replace(/^\/+/, '/');
  const url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`);
  if (editor && (url.pathname === EDITOR_PATH.slice(0, -1) || url.pathname.startsWith(EDITOR_PATH))) {
    // Not to another host name: a DNS-rebinding page would get the editor's key with its page.
    const refused = editor.access.hostRefusal(req);
    if (refused) return send(req, res, json({ error: refused }, 403));
    // Before the functions' size limit: the backend has its own (editor-backend.ts).
    if (url.pathname === LOCAL_BACKEND_PATH) {
      const refusal = await callBackend(editor, req, res);
      if (refusal) await send(req, res, refusal);
      return;
    }
    res.setHeader('set-cookie', editor.access.cookie);
  }
  // Refused before a byte of the body is read, and the connection closed: a client streaming a huge
  // upload learns at once instead of waiting for a socket that no one reads.
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) {
    return send(req, res, json({ error: payloadTooLarge(MAX_REQUEST_BYTES).message }, 413));
  }
  const fn = matchFunction(routes, url.pathname);
  if (fn) {
    // A chunked body declares no length: counted as it arrives, refused at the first byte past the
    // limit, where the function would have read it all before its own 413.
    const chunked = hasBody(req) && req.headers['content-length'] === undefined;
    const body = chunked ? await readWithin(req, MAX_REQUEST_BYTES) : undefined;
    if (body === null)
      return send(req, res, json({ error: payloadTooLarge(MAX_REQUEST_BYTES).message }, 413));
    const response = await fn.handler(toRequest(req, url, body), localContext(req));
    return send(req, res, response);
  }
  const match = await netlify.handleAndIntrospectNodeRequest(req);
  if (match && url.pathname.startsWith('/api/')) {
    // netlify.toml's `/api/*` rule (an unknown call): Netlify serves its JSON with the rule's 404;
    // the emulation serves a rewrite's target with 200.
    const { headers } = match.response;
    return send(req, res, new Response(await match.response.arrayBuffer(), { status: 404, headers }));
  }
  if (match) return send(req, res, await byteRange(req, match.response));
  // Netlify answers a path nothing matches with the site's 404.html, under the same header rules.
  req.url = '/404.html';
  const page = await netlify.handleAndIntrospectNodeRequest(req);
  const body = page ? await page.response.arrayBuffer() : 'Not found';
  return send(req, res, new Response(body, { status: 404, headers: page?.response.headers ?? {} }));
}

/** A body already read (`read`) or, by default, the request's own stream. */
function toRequest(req: http.IncomingMessage, url: URL, read?: Buffer): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    body: hasBody(req) ? (read ?? (Readable.toWeb(req) as ReadableStream)) : null,
    duplex: 'half',
  } as RequestInit);
}

// A GET or HEAD body means nothing (the Fetch API refuses one): the function answers as without it.
function hasBody(req: http.IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (
    req.method !== 'GET' &&
    req.method !== 'HEAD' &&
    (Boolean(req.headers['transfer-encoding']) || (length !== undefined && length !== '0'))
  );
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

async function send(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  // Answers without the security headers (our own errors, redirects) get them, as Netlify's CDN
  // applies netlify.toml's `/*` rule to everything it serves.
  if (!response.headers.has('x-content-type-options')) {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) headers[name.toLowerCase()] = value;
  }
  response.headers.forEach((value, key) => {
    headers[key] = key === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  // A body the handler did not read (an early 401, a refusal) is not waited for: close instead.
  if (!req.complete) headers.connection = 'close';
  if (!response.body || req.method === 'HEAD') {
    res.writeHead(response.status, headers);
    return void res.end();
  }
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  if (compressible(response.status, response.headers, body.length)) {
    // Netlify's CDN names the request header its answers vary by, whichever coding one gets.
    headers.vary = appendVary(headers.vary, 'Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (encoding) {
      body = encode(body, encoding);
      headers['content-encoding'] = encoding;
      headers['content-length'] = String(body.length);
      delete headers['transfer-encoding'];
    }
  }
  res.writeHead(response.status, headers);
  res.end(body);
}

/** A Vary header naming one more request header (once). */
function appendVary(current: string | string[] | undefined, name: string): string {
  const names = (Array.isArray(current) ? current.join(',') : (current ?? ''))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}
