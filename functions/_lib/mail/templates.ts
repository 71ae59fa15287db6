/**
 * Email templates: content/emails/{name}.md, YAML front matter (subject, reason) and a Markdown
 * body using {{placeholders}} from the email's closed list (catalog.ts). Checked at build like every
 * editor file, every problem naming its file and field; rendered here to HTML (Markdown, then
 * sanitized as lesson notes are) and to plain text from the same Markdown. Every email closes with
 * why it was sent, the product's name and its address (content/site.json).
 */
import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { CONTROL } from './address.ts';
import {
  EMAILS,
  type EmailName,
  emailFrontMatter,
  isEmailName,
  PLACEHOLDER,
  placeholderProblems,
  placeholdersOf,
} from './catalog.ts';

export const EMAILS_DIR = 'content/emails';

export interface EmailTemplate {
  name: EmailName;
  subject: string;
  reason: string;
  /** Markdown with {{placeholders}}. */
  body: string;
}

/** The product facts every email uses (content/site.json). */
export interface EmailSite {
  name: string;
  /** The site's address, no trailing slash (https://otcedge.app; http://localhost:8888 locally). */
  url: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** One template file: the checked template, or every problem in it ("content/emails/x.md: field: message"). */
export function parseEmailTemplate(
  fileName: string,
  source: string,
): { template: EmailTemplate } | { problems: string[] } {
  const where = `${EMAILS_DIR}/${fileName}`;
  const name = fileName.replace(/\.md$/, '');
  if (!isEmailName(name))
    return {
      problems: [
        `${where}: is not an email the product sends: the templates are ${Object.keys(EMAILS)
          .map((n) => `${n}.md`)
          .join(', ')}`,
      ],
    };
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(source);
  if (!match)
    return { problems: [`${where}: must start with front matter between two "---" lines (subject, reason)`] };
  const [, yamlText = '', body = ''] = match;
  let raw: unknown;
  try {
    raw = parseYaml(yamlText) ?? {};
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { problems: [`${where}: front matter is not valid YAML: ${why}`] };
  }
  const parsed = emailFrontMatter.safeParse(raw);
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map(
        (issue) => `${where}: ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
      ),
    };
  const known = placeholdersOf(name);
  const problems: string[] = [];
  const fields = { subject: parsed.data.subject, reason: parsed.data.reason, body };
  for (const [field, text] of Object.entries(fields)) {
    for (const problem of placeholderProblems(text, known)) problems.push(`${where}: ${field}: ${problem}`);
  }
  if (body.trim() === '') problems.push(`${where}: body: is empty (write the email after the front matter)`);
  if (problems.length > 0) return { problems };
  return { template: { name, subject: parsed.data.subject, reason: parsed.data.reason, body: body.trim() } };
}

const markdown = new Marked({ gfm: true, async: false });

/** What an email's HTML may hold: text formatting, lists and links. */
const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'a', 'hr'],
  allowedAttributes: { a: ['href', 'title'] },
  // http only for the local site (http://localhost:8888): production links are https.
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
};

/**
 * The email in both forms. Values are placed after the Markdown is rendered (escaped for HTML, as
 * they are for the text), so a course title or a name can never add markup or a link; a value with
 * a line break cannot reach the subject's header line either.
 */
export function renderEmail(
  template: EmailTemplate,
  site: EmailSite,
  data: Record<string, string>,
): RenderedEmail {
  const base = site.url.replace(/\/+$/, '');
  const values: Record<string, string> = {
    ...data,
    product: site.name,
    siteUrl: base,
    accountUrl: `${base}/account`,
  };
  const missing = placeholdersOf(template.name).filter((key) => typeof values[key] !== 'string');
  if (missing.length > 0) throw new Error(`Email ${template.name} needs ${missing.join(', ')}`);

  // Each placeholder becomes a token Markdown leaves alone (letters and digits only).
  const names = placeholdersOf(template.name);
  const token = (key: string) => `mailvalue${names.indexOf(key)}x`;
  const tokenize = (text: string) => text.replace(PLACEHOLDER, (_, key: string) => token(key));
  const fill = (text: string, encode: (value: string) => string) =>
    text.replace(/mailvalue(\d+)x/g, (whole, i: string) => {
      const key = names[Number(i)];
      return key === undefined ? whole : encode(values[key] ?? '');
    });

  const source = `${tokenize(template.body)}\n\n---\n\n${tokenize(template.reason)}\n\n${token('product')} · [${token('siteUrl')}](${token('siteUrl')})\n`;
  const html = sanitizeHtml(fill(markdown.parse(source) as string, escapeHtml), EMAIL_HTML).trim();
  const text = fill(plainText(markdown.lexer(source)), (value) => value);
  const subject = fill(tokenize(template.subject), (value) => value)
    .replace(new RegExp(`(?:${CONTROL.source})+`, 'gu'), ' ')
    .trim();
  return { subject, html: emailDocument(subject, html), text };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function emailDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto">
${body}
</div>
</body></html>
`;
}

/** The Markdown as plain text: paragraphs apart, lists with dashes, a link as "label (address)". */
function plainText(tokens: Token[]): string {
  return `${blocks(tokens).join('\n\n').trim()}\n`;
}

function blocks(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'html':
        break;
      case 'paragraph':
      case 'heading':
        out.push(inline((token as Tokens.Paragraph).tokens));
        break;
      case 'text': {
        const t = token as Tokens.Text;
        out.push(t.tokens ? inline(t.tokens) : t.text);
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        out.push(
          list.items
            .map((item, i) => `${list.ordered ? `${start + i}.` : '-'} ${blocks(item.tokens).join('\n  ')}`)
            .join('\n'),
        );
        break;
      }
      case 'blockquote':
        out.push(
          blocks((token as Tokens.Blockquote).tokens)
            .join('\n\n')
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n'),
        );
        break;
      case 'code':
        out.push((token as Tokens.Code).text);
        break;
      case 'hr':
        out.push('---');
        break;
      default:
        out.push(token.raw.trim());
    }
  }
  return out;
}

function inline(tokens: Token[] | undefined): string {
  let out = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'link': {
        const link = token as Tokens.Link;
        const label = inline(link.tokens);
        out += label === link.href ? link.href : `${label} (${link.href})`;
        break;
      }
      case 'strong':
      case 'em':
      case 'del':
        out += inline((token as Tokens.Strong).tokens);
        break;
      case 'text': {
        const t = token as Tokens.Text;
        out += t.tokens ? inline(t.tokens) : t.text;
        break;
      }
      case 'br':
        out += '\n';
        break;
      case 'html':
        break;
      case 'image':
        out += (token as Tokens.Image).text;
        break;
      default:
        out += 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
    }
  }
  return out;
}
