import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer } from '../../functions/_lib/mail/smtp-mailer.ts';
import { expect, test } from './support/test.ts';

// The local mail inbox in the browser (docs/mail.md): the link `npm start` prints opens it and new
// mail shows up live (socket.io, through the same checks); a page of another origin in the same
// browser reads nothing of it.

const inbox = () => {
  const { E2E_MAIL_URL: url, E2E_MAIL_KEY: key } = process.env;
  if (!url || !key) throw new Error('E2E_MAIL_URL or E2E_MAIL_KEY is not set: run through Playwright');
  return { url, link: `${url}?key=${key}` };
};

test('the printed link opens the inbox, new mail appears live, and another origin reads nothing', async ({
  page,
}) => {
  const { url, link } = inbox();
  const subject = `Reset your password ${randomUUID().slice(0, 8)}`;
  const secret = `${process.env.E2E_BASE_URL}/reset?token=${randomUUID()}`;

  // Without the key the inbox is refused, and says how to open it.
  const refused = await page.goto(url);
  expect(refused?.status()).toBe(401);
  await expect(page.locator('body')).toContainText('open the inbox link printed at start');

  // The link hands the key over and leaves the address bar without it.
  await page.goto(link);
  await expect(page).toHaveURL(url);
  await expect(page).toHaveTitle(/MailDev$/); // "(3) MailDev" with unread mail

  // An email sent now is listed without a reload: the live updates pass the checks too.
  const mailer = createSmtpMailer({ url: process.env.SMTP_URL ?? '', from: 'OTC Edge <members@localhost>' });
  await mailer.send({
    to: `reader-${randomUUID().slice(0, 8)}@example.com`,
    subject,
    html: `<p><a href="${secret}">Reset</a></p>`,
    text: `Reset: ${secret}`,
  });
  await expect(page.getByText(subject).first()).toBeVisible();

  // A page of another origin in the same browser, which holds the key, tries what the review's page
  // did: another server on localhost (the same site: its requests carry SameSite=Strict cookies),
  // with no policy of its own to stop it.
  const attacker = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another page</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
    const stolen = await page.evaluate(async (inboxUrl) => {
      const read = async (path: string) => {
        try {
          const response = await fetch(new URL(path, inboxUrl), { credentials: 'include' });
          return `read ${response.status}: ${await response.text()}`;
        } catch {
          return 'blocked';
        }
      };
      const live = await new Promise<string>((resolve) => {
        const socket = new WebSocket(
          new URL('socket.io/?EIO=4&transport=websocket', inboxUrl.replace(/^http/, 'ws')),
        );
        socket.onopen = () => {
          socket.close();
          resolve('opened');
        };
        socket.onerror = () => resolve('refused');
      });
      return { list: await read('api/email'), summaries: await read('api/email/summary'), live };
    }, url);
    expect(stolen).toEqual({ list: 'blocked', summaries: 'blocked', live: 'refused' });
  } finally {
    attacker.close();
  }
});
