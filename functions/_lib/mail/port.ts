/**
 * The mail port: one message out through whatever carries it (SMTP in production and locally, see
 * smtp-mailer.ts). Senders never call it directly: they queue an email (queue.ts), and the queue's
 * drain calls the port, so a slow or absent mail server never slows a request.
 */
export interface MailRecipient {
  address: string;
  /** Shown beside the address ("Ada Lovelace <ada@example.com>"); optional. */
  name?: string | undefined;
}

export interface MailMessage {
  to: string | MailRecipient;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. `X-Entity-Ref-ID`; names and values on one line. */
  headers?: Record<string, string> | undefined;
}

export interface Mailer {
  /** Resolves once the server accepted the message; throws MailError otherwise. */
  send(message: MailMessage): Promise<void>;
}

/**
 * A message the mail server did not take. `permanent` when sending it again cannot help (the
 * address is refused, the message is malformed): the queue dead-letters it at once instead of
 * retrying for a day.
 */
export class MailError extends Error {
  override name = 'MailError';
  readonly permanent: boolean;
  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.permanent = options.permanent;
  }
}
