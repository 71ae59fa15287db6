// The local mail server for `npm start` and the tests: MailDev, a real SMTP server that keeps every
// message it receives and shows them in a web inbox, so a newcomer sees each email the product
// sends (docs/mail.md). Run alone: `node scripts/local/mail-catcher.ts [smtpPort] [webPort]`.
import { fileURLToPath } from 'node:url';
import type { Email } from '@maildev/core';
import { MailDev } from 'maildev';
import { mailAccess } from './mail-access.ts';
import { guardInbox } from './mail-guard.ts';

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
  guardInbox(servers.api.server.server, access);
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [smtpPort = 1025, webPort = 1080] = process.argv.slice(2).map(Number);
  const catcher = await startMailCatcher({ smtpPort, webPort });
  console.log(`SMTP: smtp://127.0.0.1:${catcher.smtpPort}`);
  console.log(`Mail: ${catcher.inboxLink}`);
  const stop = () => void catcher.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
