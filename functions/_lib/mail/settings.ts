/**
 * The mail settings, validated like every other setting (config.ts): the SMTP server and the
 * sender. On a deployed site both are required (a missing one names itself in the ConfigError);
 * with the local stand-ins they default to the mail catcher `npm start` runs.
 */
import { z } from 'zod';
import site from '../../../content/site.json' with { type: 'json' };
import type { SmtpSettings } from './smtp-mailer.ts';

/** Where `npm start`'s mail catcher listens unless told otherwise (scripts/local/mail-catcher.ts). */
export const LOCAL_SMTP_URL = 'smtp://127.0.0.1:1025';

const smtpUrl = z
  .string({ error: 'must be the SMTP server as smtp://user:pass@host:587 or smtps://user:pass@host:465' })
  .regex(
    /^smtps?:\/\/[^\s]+$/,
    'must be the SMTP server as smtp://user:pass@host:587 or smtps://user:pass@host:465',
  );
// "Name <address>" or a bare address, on one line.
const from = z
  .string({ error: 'must be the sender, e.g. "OTC Edge <members@otcedge.app>"' })
  .regex(
    /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
    'must be the sender, e.g. "OTC Edge <members@otcedge.app>"',
  );

export const mailSchema = z.object({ SMTP_URL: smtpUrl, MAIL_FROM: from });

const localMailSchema = z.object({
  SMTP_URL: smtpUrl.default(LOCAL_SMTP_URL),
  MAIL_FROM: from.default(`${site.name} <members@localhost>`),
});

/**
 * The SMTP settings, or null with every problem added to `problems` (names and rules only, never a
 * value). `standIns`: config.ts' judgement that local stand-ins may be used.
 */
export function mailSettings(
  env: Record<string, string | undefined>,
  standIns: boolean,
  problems: string[],
): SmtpSettings | null {
  const parsed = (standIns ? localMailSchema : mailSchema).safeParse(
    // An empty setting is an unset one (a .env line left blank).
    { SMTP_URL: env.SMTP_URL || undefined, MAIL_FROM: env.MAIL_FROM || undefined },
  );
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
    return null;
  }
  return { url: parsed.data.SMTP_URL, from: parsed.data.MAIL_FROM };
}
