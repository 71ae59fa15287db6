// The local mail server for `npm start` and the tests: MailDev, a real SMTP server that keeps every
// message it receives and shows them in a web inbox, so a newcomer sees each email the product
// sends (docs/mail.md). Run alone: `node scripts/local/mail-catcher.ts [smtpPort] [webPort]`.
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Email } from '@maildev/core';
import { MailDev } from 'maildev';
import { type MailAccess, type MailAnswer, mailAccess } from './mail-access.ts';

export interface MailCatcher {
  smtpPort: number;
  /** The web inbox (http://localhost:PORT/): it answers only with this run's key. */
  webUrl: string;
  /** This run's key to the web inbox; a client that is no browser sends `Authorization: Bearer KEY`. */
  key: string;
  /** The link that opens the inbox in a browser (webUrl?key=KEY): what the launchers print. */
  inboxLink: string;
  /** Every message received so far, oldest first (what the web inbox lists). */
  messages(): Promise<Email[]>;
  /** Forgets every message. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the catcher on 127.0.0.1; port 0 (the default) picks a free one. */
export async function startMailCatcher(
  options: { smtpPort?: number; webPort?: number } = {},
): Promise<MailCatcher> {
  const maildev = new MailDev({
    smtp: options.smtpPort ?? 0,
    web: options.webPort ?? 0,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
  });
  // Its web API announces itself with console.info whatever `silent` says; the launchers print the
  // inbox themselves, and a child process's stdout is its parent's JSON channel (child.ts).
  const info = console.info;
  console.info = () => {};
  const servers = await maildev.start().finally(() => {
    console.info = info;
  });
  const smtp = servers.smtp;
  const webPort = servers.api?.getPort();
  if (!servers.api || !webPort) {
    await maildev.stop();
    throw new Error('The mail catcher started without its web inbox');
  }
  const access = mailAccess(webPort);
  // Before any request is read: Node announces the port listening on the next tick, and MailDev's
  // start resolves without waiting on anything else, so no turn of the event loop comes between.
  guard(servers.api.server.server, access);
  return {
    smtpPort: smtp.getPort(),
    webUrl: `http://localhost:${webPort}/`,
    key: access.key,
    inboxLink: access.link,
    messages: async () =>
      (await smtp.getAllEmails()).sort((a, b) => new Date(a.time).getTime() - new Date(b.time).getTime()),
    clear: async () => {
      await smtp.deleteAllEmails();
    },
    stop: () => maildev.stop(),
  };
}

/**
 * Puts the inbox's checks (mail-access.ts) before everything MailDev's web server answers: its
 * routes, its page and socket.io's live updates, which MailDev serves beside its routes, outside their
 * hooks, polling and WebSocket alike. A request reaches MailDev only once let through. MailDev answers
 * any Origin with credentialed CORS; a browser's request from another origin is refused here, so no
 * other page ever reads one of its answers.
 */
function guard(server: Server, access: MailAccess): void {
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
  // A body nobody will read (a refused upload) is not waited for: the connection closes instead.
  res.writeHead(answer.status, req.complete ? answer.headers : { ...answer.headers, Connection: 'close' });
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [smtpPort = 1025, webPort = 1080] = process.argv.slice(2).map(Number);
  const catcher = await startMailCatcher({ smtpPort, webPort });
  console.log(`SMTP: smtp://127.0.0.1:${catcher.smtpPort}`);
  console.log(`Mail: ${catcher.inboxLink}`);
  const stop = () => void catcher.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
