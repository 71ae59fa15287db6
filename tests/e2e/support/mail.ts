import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';

/**
 * The journeys' mail: scheduled jobs run as a developer runs them (`npm run jobs:run -- NAME`,
 * against the journeys' product, whose store, mail catcher and site address global setup put in
 * the environment), and the emails read back from the catcher's REST API, as its web inbox does.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** Runs one scheduled function (functions/NAME.ts) now; answers what it printed. */
export async function runJob(name: string): Promise<string> {
  const { stdout } = await run(
    path.join(root, 'node_modules/.bin/node'),
    [path.join(root, 'scripts/jobs-run.ts'), name],
    { cwd: root, env: process.env },
  );
  return stdout;
}

/** Sends what the mail queue holds that is due (the `mail-drain` job, every minute on Netlify). */
export const deliverMail = () => runJob('mail-drain');

export interface ReceivedEmail {
  subject: string;
  to: string[];
  text: string;
  html: string;
  /** The links of the HTML body, in order. */
  links: string[];
}

interface CaughtEmail {
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
}

/** The catcher's list of every email, and the header carrying this run's key (docs/mail.md). */
const inbox = () => {
  const { E2E_MAIL_URL: url, E2E_MAIL_KEY: key } = process.env;
  if (!url || !key)
    throw new Error(
      'E2E_MAIL_URL or E2E_MAIL_KEY is not set: run the journeys through Playwright (global setup)',
    );
  return { url: new URL('api/email', url).href, headers: { authorization: `Bearer ${key}` } };
};

/** Every email the catcher holds for `address`, oldest first. */
export async function emailsTo(address: string): Promise<ReceivedEmail[]> {
  const { url, headers } = inbox();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
  const all = (await response.json()) as CaughtEmail[];
  return all
    .filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
    .map((email) => ({
      subject: email.subject,
      to: email.to.map((to) => to.address),
      text: email.text ?? '',
      html: email.html ?? '',
      links: [...(email.html ?? '').matchAll(/href="([^"]+)"/g)].map(([, href = '']) =>
        href.replaceAll('&amp;', '&'),
      ),
    }));
}

/**
 * The email to `address` whose subject matches, once it arrived: each look first delivers what is
 * due, so the journey waits on the email, not on the minute's schedule.
 */
export async function waitForEmail(address: string, subject: RegExp): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        await deliverMail();
        found = (await emailsTo(address)).find((email) => subject.test(email.subject));
        return found !== undefined;
      },
      { message: `an email to ${address} with subject ${subject}`, timeout: 60_000 },
    )
    .toBe(true);
  return found as ReceivedEmail;
}
