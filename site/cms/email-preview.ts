/**
 * The Emails collection's preview (previews.tsx): an email as the member receives it, rendered by the
 * sending code itself (functions/_lib/mail/templates.ts renderEmail: its Markdown, sanitizing and
 * footer run in the browser bundle as they do in the sending function), with a sample value for
 * every placeholder and the product's name and address from content/site.json.
 */
import site from '../../content/site.json' with { type: 'json' };
import {
  EMAILS,
  type EmailName,
  placeholderProblems,
  placeholdersOf,
} from '../../functions/_lib/mail/catalog.ts';
import { type RenderedEmail, renderEmail } from '../../functions/_lib/mail/templates.ts';

/** A believable value for each sender-supplied placeholder (the site's come from site.json). */
export const SAMPLE_VALUES: Record<(typeof EMAILS)[EmailName][number], string> = {
  plan: 'Monthly',
  price: '$64.99 a month',
  nextChargeDate: 'January 7, 2027',
  amount: '$64.99',
  retryDate: 'January 10, 2027',
  cardBrand: 'Visa',
  cardLast4: '4242',
  expiry: '12/2026',
  chargeDate: 'January 7, 2027',
  endDate: 'February 7, 2027',
  joinUrl: `${site.url}/payment`,
  courseTitle: 'Reading Level 2',
  certificateUrl: `${site.url}/certificates/sample`,
  newEmail: 'new.address@example.com',
  confirmUrl: `${site.url}/confirm-email#change=sample`,
  secureUrl: `${site.url}/confirm-email#restore=sample`,
};

export interface EmailDraft {
  subject: string;
  reason: string;
  body: string;
}

/**
 * The email as sent with the sample values, and what the build would refuse in it (unknown
 * placeholders, stray braces): those are shown above the preview, which renders what it can.
 */
export function previewEmail(
  name: EmailName,
  draft: EmailDraft,
): { email: RenderedEmail; bodyHtml: string; problems: string[] } {
  const known = placeholdersOf(name);
  const problems = Object.entries(draft).flatMap(([field, text]) =>
    placeholderProblems(text, known).map((problem) => `${field}: ${problem}`),
  );
  const data = Object.fromEntries(EMAILS[name].map((key) => [key, SAMPLE_VALUES[key]]));
  const email = renderEmail({ name, ...draft }, { name: site.name, url: site.url }, data);
  return { email, bodyHtml: documentBody(email.html), problems };
}

/** The sanitized body inside renderEmail's document (its wrapper div), for the preview pane. */
function documentBody(html: string): string {
  const start = html.indexOf('<div style="max-width:560px;margin:0 auto">');
  const end = html.lastIndexOf('</div>');
  if (start < 0 || end < start) return '';
  return html.slice(html.indexOf('>', start) + 1, end).trim();
}
