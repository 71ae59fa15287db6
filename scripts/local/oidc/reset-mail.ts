// How the local provider hands a member their password reset link (password-reset.ts): an email
// through the product's own SMTP mailer when the stack runs a mail server (the local inbox keeps
// it, as Auth0 would send it), else a line in the provider's log.
import { createSmtpMailer, type SmtpSettings } from '../../../functions/_lib/mail/smtp-mailer.ts';
import { site } from '../../../site/lib/site.ts';
import { escapeHtml } from '../html.ts';
import { RESET_LINK_MINUTES } from './reset-pages.ts';

/** Hands `link` to the owner of `email`; never throws (the request's answer does not wait on it). */
export type SendResetLink = (email: string, link: string) => Promise<void>;

export const logResetLink: SendResetLink = async (email, link) => {
  process.stderr.write(`[oidc] password reset for ${email} (local mode, no mail sent): ${link}\n`);
};

/** The reset email, as Auth0's "Change Password" template says it. */
export function resetEmail(link: string) {
  const subject = `Reset your ${site.name} password`;
  const intro = `Someone asked to reset the password of your ${site.name} account. If it was you, set a new one here (the link works once, for ${RESET_LINK_MINUTES} minutes):`;
  const ignore = 'If it was not you, ignore this email: your password stays as it is.';
  return {
    subject,
    text: `${intro}\n\n${link}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(intro)}</p>\n<p><a href="${escapeHtml(link)}">Set a new password</a></p>\n<p>${escapeHtml(ignore)}</p>\n`,
  };
}

/** Sends the reset email through `mail`; a failed send prints the link instead, with the reason. */
export function mailResetLink(mail: SmtpSettings): SendResetLink {
  const mailer = createSmtpMailer(mail);
  return async (email, link) => {
    try {
      await mailer.send({ to: email, ...resetEmail(link) });
      process.stderr.write(`[oidc] password reset for ${email}: emailed (see the local mail inbox)\n`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(`[oidc] password reset email to ${email} failed (${reason})\n`);
      await logResetLink(email, link);
    }
  };
}
