/**
 * Articles as editors write them: `content/articles/{slug}.md`, YAML front-matter and a Markdown
 * body. This module reads, checks and renders them for the build — the static pages
 * (site/pages/articles/) and the bundle the article functions serve (articles.gen.json, written by
 * the `articleBundle` integration in astro.config.mjs). No function imports it at run time.
 *
 * Every problem is reported with its file and field, all at once, and fails the build.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import type { Article } from '../contract/index.ts';
import { articleFrontMatter } from './front-matter.ts';
import { articleSlug } from './rules.ts';

export { type ArticleFrontMatter, articleFrontMatter } from './front-matter.ts';

/** Folders and files, relative to the project root. */
export const ARTICLES_DIR = 'content/articles';
export const PUBLIC_DIR = 'site/public';
/** The bundle the article functions import; git-ignored, never under site/public or dist. */
export const BUNDLE_FILE = 'functions/_lib/articles/articles.gen.json';

/** Article images are web-ready files under site/public/images/articles/, at most this big. */
export const IMAGE_PREFIX = '/images/articles/';
export const MAX_IMAGE_BYTES = 150 * 1024;

export class ArticleContentError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`${ARTICLES_DIR} has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
    this.name = 'ArticleContentError';
    this.problems = problems;
  }
}

/**
 * Every article, checked and rendered, newest first (then by title). Throws an
 * ArticleContentError listing every problem in every file.
 */
export function loadArticles(root = process.cwd()): Article[] {
  const dir = path.join(root, ARTICLES_DIR);
  const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.md')) : [];
  const problems: string[] = [];
  const articles: Article[] = [];
  for (const file of files.sort()) {
    const result = parseArticle(file, readFileSync(path.join(dir, file), 'utf8'), {
      imageSize: (image) => fileSize(path.join(root, PUBLIC_DIR, image)),
    });
    if ('problems' in result) problems.push(...result.problems);
    else articles.push(result.article);
  }
  if (problems.length > 0) throw new ArticleContentError(problems);
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, 'en'));
}

/**
 * Writes the functions' bundle when the articles changed (so an unchanged build leaves it, and
 * everything built from it, alone). Returns the number of articles and whether the file changed.
 */
export function writeArticleBundle(root = process.cwd()): { articles: number; written: boolean } {
  const articles = loadArticles(root);
  const json = `${JSON.stringify(articles, null, 2)}\n`;
  const file = path.join(root, BUNDLE_FILE);
  if (existsSync(file) && readFileSync(file, 'utf8') === json)
    return { articles: articles.length, written: false };
  writeFileSync(file, json);
  return { articles: articles.length, written: true };
}

export interface ParseOptions {
  /** Size in bytes of a file under site/public, or undefined when there is none. */
  imageSize: (sitePath: string) => number | undefined;
}

/** One article file: its checked, rendered article, or every problem found in it. */
export function parseArticle(
  fileName: string,
  source: string,
  options: ParseOptions,
): { article: Article } | { problems: string[] } {
  const where = `${ARTICLES_DIR}/${fileName}`;
  const problems: string[] = [];
  const problem = (message: string) => problems.push(`${where}: ${message}`);

  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(source);
  if (!match) {
    problem(
      'must start with front-matter between two "---" lines (title, preview, image, imageAlt, date, free)',
    );
    return { problems };
  }
  const [, yamlText = '', markdown = ''] = match;

  let raw: unknown;
  try {
    raw = parseYaml(yamlText) ?? {};
  } catch (error) {
    problem(
      `front-matter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
    );
    return { problems };
  }
  const parsed = articleFrontMatter.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problem(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
    }
    return { problems };
  }
  const data = parsed.data;

  const slug = articleSlug(data.title);
  if (slug.replaceAll(/[_-]/g, '') === '') {
    problem('title: needs at least one letter or digit (it gives the article its address)');
  } else if (fileName !== `${slug}.md`) {
    problem(`the file name must be the address of the title: rename it to ${slug}.md (/articles/${slug})`);
  }

  const size = options.imageSize(data.image);
  if (size === undefined) problem(`image: ${PUBLIC_DIR}${data.image} does not exist`);
  else if (size > MAX_IMAGE_BYTES) {
    problem(
      `image: ${PUBLIC_DIR}${data.image} is ${Math.ceil(size / 1024)} KB; keep images under ${MAX_IMAGE_BYTES / 1024} KB`,
    );
  }

  if (markdown.trim() === '') problem('the body (the Markdown after the front-matter) is empty');
  const tokens = markdownRenderer.lexer(markdown);
  markdownRenderer.walkTokens(tokens, (token) => {
    for (const message of tokenProblems(token, options)) problem(message);
  });

  if (problems.length > 0) return { problems };
  return {
    article: {
      slug,
      title: data.title,
      preview: data.preview,
      img: data.image,
      imgAlt: data.imageAlt,
      date: data.date,
      free: data.free,
      body: markdownRenderer.parser(tokens),
    },
  };
}

/** What an editor may not write in a body: HTML, a second page title, unsafe or missing links and images. */
function tokenProblems(token: Token, options: ParseOptions): string[] {
  switch (token.type) {
    case 'html':
      return [
        `the body may not contain HTML (found ${JSON.stringify(token.raw.trim().slice(0, 40))}); use Markdown`,
      ];
    case 'heading':
      return (token as Tokens.Heading).depth === 1
        ? [
            `"# ${(token as Tokens.Heading).text}": the title is the page's only top heading; start sections with ##`,
          ]
        : [];
    case 'link': {
      const { href } = token as Tokens.Link;
      return /^(https:\/\/|mailto:|\/(?!\/)|#)/.test(href)
        ? []
        : [`link "${href}": use https://, mailto: or a site path starting with /`];
    }
    case 'image': {
      const { href, text: alt } = token as Tokens.Image;
      const found: string[] = [];
      if (!href.startsWith(IMAGE_PREFIX)) {
        found.push(`image "${href}": put it in ${PUBLIC_DIR}${IMAGE_PREFIX} and link it as ${IMAGE_PREFIX}…`);
      } else if (options.imageSize(href) === undefined) {
        found.push(`image "${href}": ${PUBLIC_DIR}${href} does not exist`);
      }
      if (alt.trim() === '')
        found.push(`image "${href}": describe it between the brackets: ![what it shows](${href})`);
      return found;
    }
    default:
      return [];
  }
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Markdown → HTML. Body images load lazily (the cover is the page's large image); outside links open safely. */
const markdownRenderer = new Marked({
  gfm: true,
  async: false,
  renderer: {
    image({ href, title, text: alt }) {
      const titleAttribute = title ? ` title="${escapeAttribute(title)}"` : '';
      return `<img src="${escapeAttribute(href)}" alt="${escapeAttribute(alt)}"${titleAttribute} loading="lazy" decoding="async">`;
    },
    link({ href, title, tokens }) {
      const titleAttribute = title ? ` title="${escapeAttribute(title)}"` : '';
      const external = /^https:\/\//.test(href) ? ' rel="noopener"' : '';
      return `<a href="${escapeAttribute(href)}"${titleAttribute}${external}>${this.parser.parseInline(tokens)}</a>`;
    },
  },
});

function fileSize(file: string): number | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? stat.size : undefined;
}
