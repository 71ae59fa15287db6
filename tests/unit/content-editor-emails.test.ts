import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { EMAIL_NAMES } from '../../functions/_lib/mail/catalog.ts';
import { EMAIL_COLLECTION } from '../../site/cms/collections.ts';
import { cmsConfig } from '../../site/cms/config.ts';
import { previewEmail, SAMPLE_VALUES } from '../../site/cms/email-preview.ts';
import { entryProblems } from '../../site/cms/validate.ts';

/** The Emails collection of the content editor (/admin/): content/emails/, checked as the build checks it. */

/** An email file as the editor holds it: front matter fields and the body. */
function emailEntry(name: string) {
  const source = readFileSync(`content/emails/${name}.md`, 'utf8');
  const [, yaml = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
  return { ...(parseYaml(yaml) as Record<string, unknown>), body };
}

describe('the Emails collection', () => {
  it('has one entry per email the product sends, and every file of content/emails/ is one', () => {
    const files = readdirSync('content/emails').filter((file) => file.endsWith('.md'));
    expect(EMAIL_COLLECTION.files.map((file) => file.file).sort()).toEqual(
      files.map((file) => `content/emails/${file}`).sort(),
    );
    expect(EMAIL_COLLECTION.files.map((file) => file.name).sort()).toEqual([...EMAIL_NAMES].sort());
  });

  it('edits subject, reason and body, hinting each with the placeholders; no email is added or deleted', () => {
    const config = cmsConfig({
      siteUrl: 'https://otcedge.app',
      backend: { name: 'git-gateway', branch: 'main' },
    });
    const emails = config.collections.find((collection) => collection.name === 'emails') as unknown as {
      create?: boolean;
      delete?: boolean;
      files: Array<{ name: string; file: string; fields: Array<{ name: string; hint?: string }> }>;
    };
    expect(emails.delete).toBe(false);
    expect(emails.create).toBeFalsy();
    const failed = emails.files.find((file) => file.name === 'payment-failed');
    expect(failed?.fields.map((field) => field.name)).toEqual(['subject', 'reason', 'body']);
    for (const field of failed?.fields ?? []) {
      expect(field.hint, field.name).toContain('{{amount}}, {{retryDate}}');
      expect(field.hint, field.name).toContain('{{product}}');
    }
  });

  it('accepts every email as it is in the repository', () => {
    for (const name of EMAIL_NAMES) {
      expect(
        entryProblems('emails', { slug: name, isNew: false, data: emailEntry(name) }),
        name,
      ).toBeUndefined();
    }
  });

  it('refuses an unknown placeholder in the body, naming the file, the field and the placeholder', () => {
    const data = { ...emailEntry('welcome'), body: 'Welcome, {{nme}}.' };
    const problem = entryProblems('emails', { slug: 'welcome', isNew: false, data });
    expect(problem?.file).toBe('content/emails/welcome.md');
    expect(problem?.problems).toEqual([
      'body: {{nme}} is not a placeholder of this email (use {{product}}, {{siteUrl}}, {{accountUrl}}, {{plan}}, {{price}}, {{nextChargeDate}})',
    ]);
  });

  it.each([
    [
      'subject',
      { subject: 'Charged {{amount}} on {{chargeDate}}' },
      'subject: {{chargeDate}} is not a placeholder',
    ],
    ['reason', { reason: 'Because {{ why }}.' }, 'reason: {{why}} is not a placeholder'],
    ['stray braces', { body: 'Half a {{amount placeholder' }, 'body: has "{{" or "}}" outside a placeholder'],
    ['an empty body', { body: '  \n' }, 'body: is empty'],
    ['a missing subject', { subject: '' }, 'subject: '],
  ])('refuses %s as the build does', (_, change, message) => {
    const data = { ...emailEntry('payment-failed'), ...change };
    const problem = entryProblems('emails', { slug: 'payment-failed', isNew: false, data });
    expect(problem?.file).toBe('content/emails/payment-failed.md');
    expect(problem?.problems.join('\n')).toContain(message);
  });
});

describe('the email preview', () => {
  it('shows the subject and the body with sample values, then the reason and the footer', () => {
    const { email, bodyHtml, problems } = previewEmail(
      'payment-failed',
      emailEntry('payment-failed') as never,
    );
    expect(problems).toEqual([]);
    expect(email.subject).toBe('Your OTC Edge payment did not go through');
    expect(bodyHtml).toContain(`<strong>${SAMPLE_VALUES.amount}</strong>`);
    expect(bodyHtml).toContain(`<strong>${SAMPLE_VALUES.retryDate}</strong>`);
    expect(bodyHtml).toContain('<a href="https://otcedge.app/account">Update your card</a>');
    expect(bodyHtml).toMatch(/<hr \/>\s*<p>You are receiving this email because a charge/);
    expect(bodyHtml).toContain('OTC Edge · <a href="https://otcedge.app">https://otcedge.app</a>');
    expect(bodyHtml).not.toContain('<body');
    expect(email.text).toContain('Update your card (https://otcedge.app/account)');
  });

  it('has a sample for every placeholder of every email, and names what the build would refuse', () => {
    for (const name of EMAIL_NAMES) {
      const { email } = previewEmail(name, emailEntry(name) as never);
      expect(`${email.subject}\n${email.text}`, name).not.toMatch(/\{\{|mailvalue/);
    }
    const { problems } = previewEmail('welcome', { subject: 'Hi {{nme}}', reason: 'r', body: 'b' });
    expect(problems).toEqual([
      expect.stringMatching(/^subject: \{\{nme\}\} is not a placeholder of this email/),
    ]);
  });

  it('escapes a value and keeps markup out of the body, as the sent email does', () => {
    const { bodyHtml } = previewEmail('certificate-issued', {
      subject: 's',
      reason: 'r',
      body: 'Done: {{courseTitle}} <script>alert(1)</script>',
    });
    expect(bodyHtml).not.toContain('<script');
    expect(bodyHtml).toContain(SAMPLE_VALUES.courseTitle);
  });
});
