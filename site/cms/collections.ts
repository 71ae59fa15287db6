/**
 * What the content editor (/admin/) edits: every editable file of content/ with the schema the build
 * enforces on it. The editor's configuration (config.ts) is generated from this list, and every save
 * is checked against the same schemas (validate.ts). Zod only: the browser bundle imports it too.
 */
import type { z } from 'zod';
import { articleFrontMatter } from '../../functions/_lib/articles/front-matter.ts';
import { courseSchema } from '../../functions/_lib/courses/course-schema.ts';
import { audioContent, streamContent, videosContent } from '../../functions/_lib/library/content-schema.ts';
import {
  EMAIL_NAMES,
  type EmailName,
  emailFrontMatterFor,
  placeholdersOf,
} from '../../functions/_lib/mail/catalog.ts';
import {
  articlesPageSchema,
  featuresSchema,
  landingSchema,
  staticPageSchema,
} from '../lib/content-schemas.ts';
import { siteSchema } from '../lib/site-schema.ts';
import type { FieldChoices } from './fields.ts';

export interface EditableFile {
  /** The entry's name in the editor (its URL: /admin/#/collections/{collection}/entries/{name}). */
  name: string;
  label: string;
  /** Path from the project root. */
  file: string;
  schema: z.ZodType;
  /** Markdown files with a body after the front-matter. */
  body: boolean;
  /** The body field's hint, when the file's body has rules of its own (an email's placeholders). */
  bodyHint?: string;
  choices?: FieldChoices;
}

export interface EditableCollection {
  name: string;
  label: string;
  description: string;
  files: EditableFile[];
}

const staticPage = (name: string, label: string): EditableFile => ({
  name,
  label,
  file: `content/pages/${name}.md`,
  schema: staticPageSchema,
  body: true,
});

/** Pages of content/pages/, each its own entry (a test checks that no file is left out). */
export const PAGES: EditableCollection = {
  name: 'pages',
  label: 'Pages',
  description: 'The FAQ, the legal pages and the marketing pages. Prices and facts come from Site settings.',
  files: [
    staticPage('faq', 'FAQ (/faq)'),
    staticPage('terms', 'Terms of use (/terms)'),
    staticPage('privacy', 'Privacy policy (/privacy)'),
    staticPage('disclaimer', 'Disclaimer (/disclaimer)'),
    staticPage('disclosure', 'Disclosure (/disclosure)'),
    staticPage('media', 'Media (/media)'),
    {
      name: 'landing',
      label: 'Landing (/)',
      file: 'content/pages/landing.md',
      schema: landingSchema,
      body: true,
    },
    {
      name: 'features',
      label: 'Features (/features)',
      file: 'content/pages/features.md',
      schema: featuresSchema,
      body: true,
    },
    {
      // Not "articles": preview templates are found by entry name, and that is the articles collection's.
      name: 'articles-page',
      label: 'Articles list and shared article blocks (/articles)',
      file: 'content/pages/articles.md',
      schema: articlesPageSchema,
      body: false,
    },
  ],
};

/** Product facts and the sample library (content/site.json, content/library/). */
export const SETTINGS: EditableCollection = {
  name: 'settings',
  label: 'Site settings and library',
  description:
    'Product facts used across the site, and the library the member app shows when no video host is set.',
  files: [
    {
      name: 'site',
      label: 'Site settings (site.json)',
      file: 'content/site.json',
      schema: siteSchema,
      body: false,
    },
    {
      name: 'videos',
      label: 'Video library (library/videos.json)',
      file: 'content/library/videos.json',
      schema: videosContent,
      body: false,
      choices: {
        videos: { summary: '{{fields.title}}' },
        'videos.chapters': { summary: '{{fields.title}}' },
      },
    },
    {
      name: 'audio',
      label: 'Podcast episodes (library/audio.json)',
      file: 'content/library/audio.json',
      schema: audioContent,
      body: false,
      choices: { tracks: { summary: '{{fields.title}}' } },
    },
    {
      name: 'stream',
      label: 'Live stream (library/stream.json)',
      file: 'content/library/stream.json',
      schema: streamContent,
      body: false,
    },
  ],
};

/** What each email is, for its entry's label (docs/mail.md, "The emails"). */
const EMAIL_LABELS: Record<EmailName, string> = {
  welcome: 'Welcome (after the first payment)',
  'payment-failed': 'Payment failed (a charge failed)',
  'card-expiring': 'Card expiring (the card expires next month)',
  'renewal-reminder': 'Renewal reminder (7 days before a yearly renewal)',
  'autopay-off': 'Autopay off (autopay turned off)',
  'membership-ended': 'Membership ended',
  'certificate-issued': 'Certificate issued (a course certificate)',
  'email-confirm': 'Confirm a new email (sent to the new address)',
  'email-changed': 'Email changed (sent to the old address)',
};

/** "{{product}}, {{siteUrl}}, …": the placeholders an email may use, as a hint lists them. */
export const placeholderList = (name: EmailName): string =>
  placeholdersOf(name)
    .map((key) => `{{${key}}}`)
    .join(', ');

const emailFile = (name: EmailName): EditableFile => {
  const use = `Placeholders: ${placeholderList(name)}.`;
  return {
    name,
    label: EMAIL_LABELS[name],
    file: `content/emails/${name}.md`,
    // The build's own check (catalog.ts): the front matter, and each placeholder known to this email.
    schema: emailFrontMatterFor(name),
    body: true,
    bodyHint: `Markdown: paragraphs, lists, **bold**, links. ${use} The reason and the site's name and address are added below it.`,
    choices: {
      subject: { hint: `The subject line. ${use}` },
      reason: {
        widget: 'text',
        hint: `Why the member got it, closing the email ("You are receiving this email because …"). ${use}`,
      },
    },
  };
};

/**
 * The emails the product sends (content/emails/, docs/mail.md), one entry each: the list is closed
 * (catalog.ts), so editors change them and never add or delete one.
 */
export const EMAIL_COLLECTION: EditableCollection = {
  name: 'emails',
  label: 'Emails',
  description:
    'The emails members get: subject, reason and body. The list is fixed; {{placeholders}} are filled in when each is sent.',
  files: EMAIL_NAMES.map(emailFile),
};

/** Where article covers and body images live, and the address the site serves them at. */
export const ARTICLE_IMAGES = { folder: 'site/public/images/articles', publicPath: '/images/articles' };

/**
 * Every folder the editor uploads into: config.ts's media_folder, and no collection or field sets its
 * own. The site publishes them as they are, so they hold images only (site/lib/image-files.ts), checked
 * on upload and by the build.
 */
export const MEDIA_FOLDERS = [ARTICLE_IMAGES];

/** One file per article: content/articles/{slug of the title}.md. */
export const ARTICLES = {
  name: 'articles',
  label: 'Articles',
  folder: 'content/articles',
  schema: articleFrontMatter,
  choices: {
    image: { widget: 'image', choose_url: false, hint: 'A 1200×630 WebP or JPEG under 150 KB.' },
    date: { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false },
    free: { hint: 'On: everyone reads it. Off: members only (visitors see the title, preview and cover).' },
    title: { hint: 'Also the address: /articles/{title in lower case, spaces as _}. Fixed once saved.' },
  } satisfies FieldChoices,
} as const;

const STABLE_ID = {
  hint: "Stable: members' progress is kept by it. Change the title, never the id, once published.",
};

/** One file per course: content/courses/{slug}.json (docs/courses.md). */
export const COURSES = {
  name: 'courses',
  label: 'Courses',
  folder: 'content/courses',
  schema: courseSchema,
  choices: {
    slug: { hint: 'The address /courses/{slug} and the file name. Fixed once published.' },
    summary: { widget: 'text' },
    cover: { widget: 'image', choose_url: false, hint: 'A 1200×630 WebP or JPEG; an article cover fits.' },
    sequential: { hint: 'On: each module opens once the one before it is complete.' },
    modules: { summary: '{{fields.title}}' },
    'modules.id': STABLE_ID,
    'modules.lessons': { summary: '{{fields.title}} ({{fields.kind}})' },
    'modules.lessons.id': STABLE_ID,
    'modules.lessons.video': { hint: 'Video lessons: the id of a video of the library, e.g. v1132.' },
    'modules.lessons.chapterStart': { hint: "Optional: the start (s) of one of the video's chapters." },
    'modules.lessons.article': {
      hint: "Article lessons: the article's address, e.g. how_the_otc_market_works.",
    },
    'modules.lessons.text': { hint: "The lesson's notes in Markdown; members only." },
    'modules.lessons.rule': {
      hint: "Optional: the rule the lesson's notes teach, checked on the member's closed trades once the lesson is done.",
    },
    'modules.lessons.rule.percent': {
      hint: 'Only for max-risk-percent: the most one trade may risk, 0.1 to 10 %.',
    },
    'modules.lessons.rule.minutes': {
      hint: 'Only for no-entry-first-minutes: minutes after the 09:30 New York open, 1 to 120.',
    },
    'modules.check': {
      hint: 'Optional: each attempt asks `ask` questions drawn from the bank, which holds at least twice as many.',
    },
    'modules.check.passMark': { hint: 'Percent of the questions answered right to pass.' },
    'modules.check.ask': { hint: 'How many questions each attempt asks (3 to 10).' },
    'modules.check.questions': {
      summary: '{{fields.prompt}}',
      hint: 'The bank: at least twice `ask`, each question testing one lesson (teaches).',
    },
    'modules.check.questions.id': STABLE_ID,
    'modules.check.questions.explanation': { widget: 'text', hint: 'Shown after the member answers.' },
    'modules.check.questions.choices': { summary: '{{fields.text}}' },
    'modules.check.questions.choices.id': STABLE_ID,
    'modules.check.questions.teaches': { hint: 'The lesson id (and chapter start) that teaches the answer.' },
    'modules.goal': {
      hint: 'Optional practice from the journal; tag only for tagged-trips, percent only for max-position-week.',
    },
  } satisfies FieldChoices,
} as const;

/** The schema an entry is saved against, or undefined for an entry the editor does not know. */
export function schemaOfEntry(
  collection: string,
  entry: string,
): { schema: z.ZodType; file: string } | undefined {
  if (collection === ARTICLES.name)
    return { schema: ARTICLES.schema, file: `${ARTICLES.folder}/${entry}.md` };
  if (collection === COURSES.name) return { schema: COURSES.schema, file: `${COURSES.folder}/${entry}.json` };
  const file = [PAGES, SETTINGS, EMAIL_COLLECTION]
    .find((c) => c.name === collection)
    ?.files.find((f) => f.name === entry);
  return file && { schema: file.schema, file: file.file };
}
