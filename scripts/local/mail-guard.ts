import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MailAccess, MailAnswer } from './mail-access.ts';

/**
 * Puts the inbox's checks (mail-access.ts) before everything MailDev's web server answers: its page,
 * its REST API and socket.io's live updates, polling and WebSocket alike. socket.io takes its
 * requests before MailDev's routes and their hooks (its own basic auth never sees them), so the
 * checks go on the server itself, before every handler of its requests and upgrades.
 *
 * MailDev answers any Origin with credentialed CORS: a browser's request from another origin is
 * refused here, and the headers are taken off what it answers to the inbox's own pages.
 */
export function guardInbox(server: Server, access: MailAccess): void {
  const handlers = server.listeners('request');
  const upgrades = server.listeners('upgrade');
  server.removeAllListeners('request');
  server.removeAllListeners('upgrade');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const answer = access.check(req);
    if (answer) return send(req, res, answer);
    withoutCors(res);
    for (const handle of handlers) handle.call(server, req, res);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const answer = access.check(req);
    if (!answer) for (const handle of upgrades) handle.call(server, req, socket, head);
    else refuseUpgrade(socket, answer);
  });
}

/**
 * MailDev's CORS headers (any Origin, credentials allowed) taken off its answers: the inbox is read
 * from its own origin only, which needs none, and no other origin is ever granted one. Its answers
 * set headers with setHeader or as writeHead's object.
 */
function withoutCors(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const cors = (name: string) => name.toLowerCase().startsWith('access-control-');
  res.writeHead = ((...args: unknown[]) => {
    for (const name of res.getHeaderNames()) if (cors(name)) res.removeHeader(name);
    const headers = args.at(-1);
    if (headers && typeof headers === 'object' && !Array.isArray(headers))
      for (const name of Object.keys(headers))
        if (cors(name)) delete (headers as Record<string, unknown>)[name];
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}

function send(req: IncomingMessage, res: ServerResponse, answer: MailAnswer): void {
  const headers = { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)) };
  // A body nobody will read (a refused upload) is not waited for: the connection closes instead.
  const body =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  res.writeHead(answer.status, body ? { ...headers, Connection: 'close' } : headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

/** A refused WebSocket handshake: the answer as a plain HTTP response, then the connection closed. */
function refuseUpgrade(socket: Duplex, answer: MailAnswer): void {
  const headers = { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)) };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head.join('')}Connection: close\r\n\r\n${answer.body}`,
  );
}
