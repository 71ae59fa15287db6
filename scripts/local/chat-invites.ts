// The local chat community: the page a local invite link opens (the stand-in for discord.gg), so
// `npm start` and the tests hand out and use invites offline. Its own process on its own port, as
// Discord is its own service. GET /invite/{code}: the first opening joins the username the invite was
// issued to (with the member role) and says so; later openings say the invite was used. A member whose
// period has ended since (local billing has no webhook) finds the invite revoked and the role taken.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followMembership } from '../../functions/_lib/chat/access.ts';
import { createLocalChat, openLocalInvite, readLocalInvite } from '../../functions/_lib/chat/local-chat.ts';
import { createStore, type Store } from '../../functions/_lib/store.ts';
import { onParentExit } from './child.ts';
import { escapeHtml, PAGE_SECURITY_HEADERS } from './html.ts';
import { answerMalformedRequests } from './malformed-requests.ts';

export interface LocalChatServer {
  url: string;
  close(): Promise<void>;
}

export async function startLocalChat(options: {
  store: Store;
  port?: number;
  host?: string;
  now?: () => number;
}): Promise<LocalChatServer> {
  const now = options.now ?? Date.now;
  let base = '';
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      console.error('[local chat]', error);
      if (!res.headersSent)
        return send(res, 500, '<!doctype html><title>Error</title><p>Something went wrong.</p>');
      res.end();
    });
  });
  answerMalformedRequests(server);

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const code = /^\/invite\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method !== 'GET' || !code) return send(res, 404, notFoundPage());
    const { store } = options;
    const issued = await readLocalInvite(store, code);
    // Local billing ends a period without an event: access is brought in line when the link is used.
    if (issued) {
      const chat = createLocalChat(store, base, now);
      await followMembership({ store, now, chat: async () => chat }, issued.sub);
    }
    const opened = await openLocalInvite(store, code, now());
    if (opened.state === 'unknown') return send(res, 404, notFoundPage());
    const { invite } = opened;
    const who = `<p>Issued to member <strong data-member>${escapeHtml(invite.sub)}</strong> for the username <strong data-username>${escapeHtml(invite.username)}</strong>.</p>`;
    const pages = {
      joined: ['You joined the members’ chat', `${who}<p>Welcome! This invite has now been used.</p>`],
      used: [
        'This invite has already been used',
        `${who}<p>Each invite works once. Ask for a new one on the Chat page.</p>`,
      ],
      expired: ['This invite has expired', `${who}<p>Ask for a new one on the Chat page.</p>`],
      revoked: ['This invite was revoked', `${who}<p>The membership it was issued for has ended.</p>`],
    } as const;
    const [title, body] = pages[opened.state];
    send(res, opened.state === 'joined' ? 200 : 410, page(title, body));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { ...PAGE_SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
}

const notFoundPage = () => page('Unknown invite', '<p>This invite link is not one we issued.</p>');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Local chat</title>
<style>
:root{color-scheme:dark}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;
background:#0a1322;color:#e9eff8;font:16px/1.5 system-ui,sans-serif}main{max-width:480px;background:#13223a;
border:1px solid #33507a;border-radius:14px;padding:32px 28px}.brand{margin:0 0 8px;color:#34d27b;font-weight:700}
h1{margin:0 0 16px;font-size:1.4rem}.note{color:#a9b8cc;font-size:.875rem}
</style>
</head>
<body>
<main>
<p class="brand">OTC Edge · local chat (stands in for Discord)</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

// As a child of the local stack (../child.ts): UPSTASH_REDIS_REST_URL/TOKEN and CHAT_PORT from the
// environment; prints {"url"} as one JSON line.
if (import.meta.main) {
  const env = process.env;
  const chat = await startLocalChat({
    store: createStore({ url: env.UPSTASH_REDIS_REST_URL ?? '', token: env.UPSTASH_REDIS_REST_TOKEN ?? '' }),
    port: Number(env.CHAT_PORT ?? 0),
  });
  process.stdout.write(`${JSON.stringify({ url: chat.url })}\n`);
  onParentExit(chat.close);
}
