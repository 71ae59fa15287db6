/**
 * The email templates as editors write them, read and checked at build: every problem of every
 * file at once, each naming its file and field, and a missing template is one too. The templates
 * and the product's name and address go to emails.gen.json beside this file (the emailBundle
 * integration, site/integrations/email-bundle.ts), which the sending function imports.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EMAIL_NAMES } from './catalog.ts';
import { EMAILS_DIR, type EmailSite, type EmailTemplate, parseEmailTemplate } from './templates.ts';

export { EMAILS_DIR };
export const EMAIL_BUNDLE_FILE = 'functions/_lib/mail/emails.gen.json';
const SITE_FILE = 'content/site.json';

export interface EmailBundle {
  site: EmailSite;
  templates: EmailTemplate[];
}

export class EmailContentError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`${EMAILS_DIR} has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
    this.name = 'EmailContentError';
    this.problems = problems;
  }
}

/** Every template (one per email of catalog.ts) and the site's facts. Throws an EmailContentError. */
export function loadEmailBundle(root = process.cwd()): EmailBundle {
  const dir = path.join(root, EMAILS_DIR);
  const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.md')) : [];
  const problems: string[] = [];
  const templates: EmailTemplate[] = [];
  for (const file of files.sort()) {
    const result = parseEmailTemplate(file, readFileSync(path.join(dir, file), 'utf8'));
    if ('problems' in result) problems.push(...result.problems);
    else templates.push(result.template);
  }
  for (const name of EMAIL_NAMES) {
    if (!files.includes(`${name}.md`))
      problems.push(`${EMAILS_DIR}/${name}.md: is missing: every email the product sends needs its template`);
  }
  const site = JSON.parse(readFileSync(path.join(root, SITE_FILE), 'utf8')) as {
    name?: unknown;
    url?: unknown;
  };
  if (typeof site.name !== 'string' || site.name.trim() === '')
    problems.push(`${SITE_FILE}: name: is needed by every email`);
  if (typeof site.url !== 'string' || !/^https?:\/\/\S+$/.test(site.url))
    problems.push(`${SITE_FILE}: url: must be the site's address (https://…), used by every email`);
  if (problems.length > 0) throw new EmailContentError(problems);
  return { site: { name: String(site.name), url: String(site.url).replace(/\/+$/, '') }, templates };
}

/** Writes the bundle when it changed. Returns the number of templates and whether it was written. */
export function writeEmailBundle(root = process.cwd()): { templates: number; written: boolean } {
  const bundle = loadEmailBundle(root);
  const json = `${JSON.stringify(bundle, null, 2)}\n`;
  const file = path.join(root, EMAIL_BUNDLE_FILE);
  if (existsSync(file) && readFileSync(file, 'utf8') === json)
    return { templates: bundle.templates.length, written: false };
  writeFileSync(file, json);
  return { templates: bundle.templates.length, written: true };
}
