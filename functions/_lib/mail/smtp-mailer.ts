/**
 * The SMTP adapter of the mail port (nodemailer). SMTP rather than one provider's SDK: every
 * provider (Postmark, SES, Resend, Mailgun…) takes SMTP, so changing provider is changing SMTP_URL,
 * and locally the same code talks to the mail catcher `npm start` runs (scripts/local/mail-catcher.ts).
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { safeRecipient, singleLine } from './address.ts';
import { MailError, type Mailer, type MailMessage } from './port.ts';

export interface SmtpSettings {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  /** The sender, e.g. `OTC Edge <members@otcedge.app>`. */
  from: string;
}

const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;

export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    url: settings.url,
    // A server that does not answer fails the attempt within seconds; the queue retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Messages are built here from our own text only: never read a file or a URL into one.
    disableFileAccess: true,
    disableUrlAccess: true,
  } satisfies SMTPTransport.Options);
  return {
    async send(message: MailMessage) {
      const to = safeRecipient(message.to);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) {
        if (!HEADER_NAME.test(name))
          throw new MailError(`Refused header name ${JSON.stringify(name)}`, { permanent: true });
        headers[name] = singleLine(`header ${name}`, value);
      }
      const subject = singleLine('subject', message.subject);
      try {
        await transport.sendMail({
          from: settings.from,
          to: to.name ? { name: to.name, address: to.address } : to.address,
          subject,
          text: message.text,
          html: message.html,
          headers,
        });
      } catch (error) {
        throw asMailError(error);
      }
    },
  };
}

/**
 * Permanent when the server refused this message or its recipient for good (a 5xx reply to the
 * envelope or the message, or an envelope nodemailer cannot send); everything else (no connection,
 * a timeout, a 4xx, a refused login the operator may fix) is worth retrying.
 */
function asMailError(error: unknown): MailError {
  if (error instanceof MailError) return error;
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const reply = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const refused = code === 'EENVELOPE' || code === 'EMESSAGE';
  const permanent = refused && (reply === 0 || (reply >= 500 && reply < 600));
  const text = typeof e.message === 'string' ? e.message : String(error);
  return new MailError(`${code || 'SMTP'}${reply ? ` ${reply}` : ''}: ${text}`, { permanent, cause: error });
}
