/**
 * The emails the product sends and the placeholders each may use: a closed list, so a template
 * that names anything else fails the build (templates.ts) and a sender that forgets a value fails
 * its types. Zod only, no Node modules: the content editor (/admin/) checks every save with it too.
 */
import { z } from 'zod';

/** Every email may use these; they come from content/site.json, never from the sender. */
export const SITE_PLACEHOLDERS = ['product', 'siteUrl', 'accountUrl'] as const;

/** Per email, what the sender supplies (all strings, already formatted for people). */
export const EMAILS = {
  /** After the first payment. */
  welcome: ['plan', 'price', 'nextChargeDate'],
  /** A charge failed; the member updates the card on /account. */
  'payment-failed': ['amount', 'retryDate'],
  /** The card on file expires next month. */
  'card-expiring': ['cardBrand', 'cardLast4', 'expiry', 'price', 'chargeDate'],
  /** A yearly membership renews in 7 days. */
  'renewal-reminder': ['price', 'chargeDate'],
  /** Autopay was turned off: the membership ends at the period's end. */
  'autopay-off': ['endDate'],
  /** The membership ended. */
  'membership-ended': ['endDate', 'joinUrl'],
  /** A course certificate was issued. */
  'certificate-issued': ['courseTitle', 'certificateUrl'],
  /** To the new address of an email change: the link that makes it (account/email-change.ts). */
  'email-confirm': ['newEmail', 'confirmUrl'],
  /** To the old address once the change is made: the link that puts it back. */
  'email-changed': ['newEmail', 'secureUrl'],
} as const satisfies Record<string, readonly string[]>;

export type EmailName = keyof typeof EMAILS;
export const EMAIL_NAMES = Object.keys(EMAILS) as EmailName[];

/** What a sender passes for an email: exactly its own placeholders. */
export type EmailData<N extends EmailName> = { [K in (typeof EMAILS)[N][number]]: string };

/** The placeholders an email's template may use. */
export const placeholdersOf = (name: EmailName): readonly string[] => [...SITE_PLACEHOLDERS, ...EMAILS[name]];

export const isEmailName = (name: string): name is EmailName => Object.hasOwn(EMAILS, name);

const text = z.string().trim().min(1);

/** The front matter of content/emails/{name}.md; the body after it is the email's Markdown. */
export const emailFrontMatter = z.strictObject({
  /** The subject line; placeholders allowed. */
  subject: text.max(140),
  /** Why the member got it, closing every email ("You are receiving this because …"); placeholders allowed. */
  reason: text.max(400),
});

export type EmailFrontMatter = z.infer<typeof emailFrontMatter>;

/** A placeholder: {{name}}, spaces inside the braces allowed. */
export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Unknown placeholders, and braces that open or close none. */
export function placeholderProblems(text: string, known: readonly string[]): string[] {
  const problems: string[] = [];
  const use = `use ${known.map((k) => `{{${k}}}`).join(', ')}`;
  for (const [, name = ''] of text.matchAll(PLACEHOLDER)) {
    if (!known.includes(name)) problems.push(`{{${name}}} is not a placeholder of this email (${use})`);
  }
  const rest = text.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}'))
    problems.push(`has "{{" or "}}" outside a placeholder (${use}, each written {{name}})`);
  return problems;
}

/** The front matter of one email with its placeholders checked, for the content editor's saves. */
export const emailFrontMatterFor = (name: EmailName) =>
  emailFrontMatter.superRefine((data, ctx) => {
    for (const field of ['subject', 'reason'] as const) {
      for (const message of placeholderProblems(data[field], placeholdersOf(name)))
        ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
