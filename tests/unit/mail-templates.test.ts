import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipientProblem } from '../../functions/_lib/mail/address.ts';
import {
  EMAIL_NAMES,
  EMAILS,
  type EmailName,
  emailFrontMatterFor,
} from '../../functions/_lib/mail/catalog.ts';
import { EmailContentError, loadEmailBundle } from '../../functions/_lib/mail/content.ts';
import { retryDelay } from '../../functions/_lib/mail/drain.ts';
import { MAX_TRIES } from '../../functions/_lib/mail/queue.ts';
import { type EmailTemplate, parseEmailTemplate, renderEmail } from '../../functions/_lib/mail/templates.ts';

/**
 * The email templates as the build reads them (content/emails/*.md): the shipped ones pass and
 * render to HTML and text closing with why they were sent; each rule refuses a broken file naming
 * the file and the field; values can add no markup, link or header line.
 */
const root = new URL('../../', import.meta.url).pathname;
const bundle = loadEmailBundle(root);
const site = { name: 'OTC Edge', url: 'https://otcedge.app' };
const template = (name: EmailName) => bundle.templates.find((t) => t.name === name) as EmailTemplate;

/** Sample data for an email: each placeholder gets a recognisable value. */
const sample = (name: EmailName): Record<string, string> =>
  Object.fromEntries(EMAILS[name].map((key) => [key, `«${key}»`]));

describe('the shipped templates', () => {
  it('are one per email the product sends, with the site name and address', () => {
    expect(bundle.templates.map((t) => t.name).sort()).toEqual([...EMAIL_NAMES].sort());
    expect(bundle.site).toEqual(site);
  });

  it.each(EMAIL_NAMES)(
    '%s renders to HTML and text, every value placed, ending with why it was sent',
    (name) => {
      const email = renderEmail(template(name), site, sample(name));
      expect(email.subject).not.toMatch(/\{\{|\}\}|mailvalue/);
      expect(email.subject.length).toBeGreaterThan(5);
      for (const key of EMAILS[name]) {
        expect(email.html + email.subject).toContain(`«${key}»`);
        expect(email.text + email.subject).toContain(`«${key}»`);
      }
      for (const body of [email.html, email.text]) {
        expect(body).not.toMatch(/\{\{|\}\}|mailvalue/);
        expect(body).toContain('You are receiving this email because');
        expect(body).toContain('OTC Edge');
        expect(body).toContain('https://otcedge.app');
      }
      // The reason comes last in the text, then the product and its address.
      expect(email.text.trim().split('\n').at(-1)).toBe('OTC Edge · https://otcedge.app');
      expect(email.html).toMatch(/^<!doctype html>/);
      expect(email.html).toContain('OTC Edge · <a href="https://otcedge.app">https://otcedge.app</a>');
    },
  );

  it('the payment-failed email links to /account to update the card; text shows the address', () => {
    const email = renderEmail(template('payment-failed'), site, sample('payment-failed'));
    expect(email.html).toContain('<a href="https://otcedge.app/account">Update your card</a>');
    expect(email.text).toContain('Update your card (https://otcedge.app/account)');
  });

  it('the renewal reminder gives the price, the date and how to turn autopay off', () => {
    const email = renderEmail(template('renewal-reminder'), site, {
      price: '$599.99',
      chargeDate: 'March 3, 2027',
    });
    expect(email.subject).toBe('Your OTC Edge membership renews on March 3, 2027');
    expect(email.text).toContain('charged $599.99');
    expect(email.text).toContain('Turn autopay off on your account page (https://otcedge.app/account)');
  });

  it('a missing value is a bug of the sender, refused before anything is sent', () => {
    expect(() => renderEmail(template('welcome'), site, { plan: 'Monthly' })).toThrow(
      'Email welcome needs price, nextChargeDate',
    );
  });
});

describe('values cannot change the email', () => {
  it('markup, links and Markdown in a value stay text; a line break never reaches the subject', () => {
    const courseTitle = '<b>Bold</b> & [click](javascript:alert(1)) **x**\r\nBcc: victim@example.com';
    const email = renderEmail(template('certificate-issued'), site, {
      courseTitle,
      certificateUrl: 'javascript:alert(1)',
    });
    expect(email.subject).toBe(
      'Your certificate: <b>Bold</b> & [click](javascript:alert(1)) **x** Bcc: victim@example.com',
    );
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; [click](javascript:alert(1))');
    expect(email.html).not.toMatch(/href="javascript/i);
    // The text is not HTML: the value as written.
    expect(email.text).toContain(courseTitle);
  });
});

describe('a template file is checked', () => {
  const where = 'content/emails/welcome.md';
  const problems = (source: string, file = 'welcome.md') => {
    const result = parseEmailTemplate(file, source);
    return 'problems' in result ? result.problems : [];
  };

  it('an unknown placeholder is refused, naming the file, the field and the ones allowed', () => {
    expect(problems('---\nsubject: Hi {{nme}}\nreason: Because.\n---\nHello {{price}} {{ foo }}')).toEqual([
      `${where}: subject: {{nme}} is not a placeholder of this email (use {{product}}, {{siteUrl}}, {{accountUrl}}, {{plan}}, {{price}}, {{nextChargeDate}})`,
      `${where}: body: {{foo}} is not a placeholder of this email (use {{product}}, {{siteUrl}}, {{accountUrl}}, {{plan}}, {{price}}, {{nextChargeDate}})`,
    ]);
  });

  it("another email's placeholder is refused too", () => {
    expect(problems('---\nsubject: Hi\nreason: Because {{courseTitle}}.\n---\nHello')).toEqual([
      expect.stringMatching(
        /^content\/emails\/welcome\.md: reason: \{\{courseTitle\}\} is not a placeholder/,
      ),
    ]);
  });

  it('a brace outside a placeholder, a missing field, an empty body, bad YAML', () => {
    expect(problems('---\nsubject: Hi {{price}\nreason: R\n---\nBody')).toEqual([
      expect.stringMatching(
        /^content\/emails\/welcome\.md: subject: has "\{\{" or "\}\}" outside a placeholder/,
      ),
    ]);
    expect(problems('---\nsubject: Hi\n---\nBody')).toEqual([
      expect.stringMatching(/^content\/emails\/welcome\.md: reason: /),
    ]);
    expect(problems('---\nsubject: Hi\nreason: R\n---\n  \n')).toEqual([
      `${where}: body: is empty (write the email after the front matter)`,
    ]);
    expect(problems('---\nsubject: a: b\nreason: R\n---\nBody')).toEqual([
      expect.stringMatching(/^content\/emails\/welcome\.md: front matter is not valid YAML/),
    ]);
    expect(problems('Body only')).toEqual([
      `${where}: must start with front matter between two "---" lines (subject, reason)`,
    ]);
  });

  it("the content editor's schema refuses an unknown placeholder in the subject or the reason", () => {
    const result = emailFrontMatterFor('autopay-off').safeParse({
      subject: 'Ends {{endDate}}',
      reason: 'For {{plan}}',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'reason: {{plan}} is not a placeholder of this email (use {{product}}, {{siteUrl}}, {{accountUrl}}, {{endDate}})',
    ]);
    expect(
      emailFrontMatterFor('autopay-off').safeParse({ subject: 'Ends {{ endDate }}', reason: 'R' }).success,
    ).toBe(true);
  });

  it('a file that is no email of the product is refused', () => {
    expect(problems('---\nsubject: Hi\nreason: R\n---\nBody', 'newsletter.md')).toEqual([
      expect.stringMatching(
        /^content\/emails\/newsletter\.md: is not an email the product sends: the templates are welcome\.md, /,
      ),
    ]);
  });

  it('the build fails listing every problem of every file, and a missing template', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'emails-'));
    try {
      cpSync(path.join(root, 'content/emails'), path.join(copy, 'content/emails'), { recursive: true });
      cpSync(path.join(root, 'content/site.json'), path.join(copy, 'content/site.json'));
      unlinkSync(path.join(copy, 'content/emails/autopay-off.md'));
      writeFileSync(
        path.join(copy, 'content/emails/welcome.md'),
        '---\nsubject: Hi {{who}}\nreason: R\n---\nBody\n',
      );
      let error: unknown;
      try {
        loadEmailBundle(copy);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EmailContentError);
      expect((error as EmailContentError).problems).toEqual([
        expect.stringMatching(/^content\/emails\/welcome\.md: subject: \{\{who\}\} is not a placeholder/),
        'content/emails/autopay-off.md: is missing: every email the product sends needs its template',
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('recipients', () => {
  it.each([
    ['eve@example.com\r\nBcc: victim@example.com', 'the address holds a line break or control character'],
    [
      { address: 'eve@example.com', name: 'Eve\r\nBcc: victim@example.com' },
      'the name holds a line break or control character',
    ],
    [{ address: 'eve@example.com', name: 'Eve\nX' }, 'the name holds a line break or control character'],
    ['eve@example.com, victim@example.com', 'the address is not one email address'],
    ['Eve <eve@example.com>', 'the address is not one email address'],
    ['eve@localhost', 'the address is not one email address'],
    ['', 'the address is not one email address'],
  ] as const)('%j is refused: %s', (to, problem) => {
    expect(recipientProblem(to)).toBe(problem);
  });

  it.each(['ada@example.com', 'josé.müller@exämple.com', '用户@例子.广告', 'ünïcödé+tag@münchen.de'])(
    '%s is accepted (SMTPUTF8, IDN)',
    (address) => {
      expect(recipientProblem(address)).toBeNull();
      expect(recipientProblem({ address, name: 'Zoë Ωmega, Jr.' })).toBeNull();
    },
  );
});

describe('retries', () => {
  it('wait 1 minute, then twice as long each time, capped at an hour; the last try about a day after the first', () => {
    const minutes = Array.from({ length: 9 }, (_, i) => retryDelay(i + 1) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    let total = 0;
    for (let tries = 1; tries < MAX_TRIES; tries++) total += retryDelay(tries);
    expect(total / 3_600_000).toBeGreaterThan(23);
    expect(total / 3_600_000).toBeLessThan(26);
  });
});
