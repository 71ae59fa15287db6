import type { Email } from '@maildev/core';
import { afterAll, beforeAll } from 'vitest';
import type { MailKeys } from '../../functions/_lib/mail/keys.ts';
import type { Job } from '../../functions/_lib/mail/queue.ts';
import { createSmtpMailer } from '../../functions/_lib/mail/smtp-mailer.ts';
import { hashEntries, type Store } from '../../functions/_lib/store.ts';
import { type MailCatcher, startMailCatcher } from '../../scripts/local/mail-catcher.ts';
import { freePort } from '../../scripts/local/redis.ts';

const FROM = 'OTC Edge <members@localhost>';

/** A mailer that sends to the SMTP server on `port` of this machine. */
export const mailerFor = (port: number) => createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: FROM });

/** The messages among `messages` sent to `address` (whatever its case, as mail servers take it). */
export const sentTo = (messages: Email[], address: string) =>
  messages.filter((m) => m.envelope.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));

export interface SuiteCatcher extends Omit<MailCatcher, 'stop'> {
  /** The messages sent to `address` so far, oldest first. */
  received(address: string): Promise<Email[]>;
}

/**
 * A real SMTP server (the local mail catcher, MailDev) for the calling test file: started before its
 * tests, stopped after them. The answer reads the running catcher, so it can be kept at module level.
 */
export function suiteMailCatcher(): SuiteCatcher {
  let catcher: MailCatcher | undefined;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(async () => {
    await catcher?.stop();
  });
  const running = () => {
    if (!catcher) throw new Error('The mail catcher starts in beforeAll');
    return catcher;
  };
  return {
    get smtpPort() {
      return running().smtpPort;
    },
    get webUrl() {
      return running().webUrl;
    },
    get key() {
      return running().key;
    },
    get inboxLink() {
      return running().inboxLink;
    },
    messages: () => running().messages(),
    clear: () => running().clear(),
    received: async (address) => sentTo(await running().messages(), address),
  };
}

/** A port nothing listens on (one that was free a moment ago): a mail server that is down. */
export const closedPort = freePort;

/** The jobs waiting in the mail queue whose key names `id` (a subscription, a member). */
export async function queuedJobs(store: Store, keys: MailKeys, id: string): Promise<Job[]> {
  return (await hashEntries(store, keys.jobs))
    .map(([, value]) => JSON.parse(value) as Job)
    .filter((job) => job.key.includes(id));
}
