/** Where the mail queue lives in the store (docs/mail.md); tests give their own prefix. */
export const MAIL_PREFIX = 'mail:';

export interface MailKeys {
  /** ZSET: email key → when it is due (ms since the epoch); a claimed one is pushed back by its lease. */
  queue: string;
  /** HASH: email key → the queued email (JSON), until it is sent or dead-lettered. */
  jobs: string;
  /** STRING with a long TTL: the email of this key was queued (then sent): never queue it again. */
  once: (key: string) => string;
  /** LIST, oldest first: emails given up on (refused, or undeliverable for a day), with the error. */
  failed: string;
}

export const mailKeys = (prefix: string = MAIL_PREFIX): MailKeys => ({
  queue: `${prefix}queue`,
  jobs: `${prefix}jobs`,
  once: (key) => `${prefix}once:${key}`,
  failed: `${prefix}failed`,
});
