import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { z } from 'zod';
import { articleSlug } from '../../functions/_lib/articles/rules.ts';
import {
  ARTICLES,
  COURSES,
  type EditableFile,
  EMAIL_COLLECTION,
  PAGES,
  SETTINGS,
} from '../../site/cms/collections.ts';
import { cmsConfig, editorBackend } from '../../site/cms/config.ts';
import { type CmsField, fieldsOf } from '../../site/cms/fields.ts';

/**
 * The content editor's fields (served as /admin/config.yml) against the schemas the build enforces:
 * every editable file has an entry, and every field has the schema's name, required-ness, type,
 * choices and limits — checked by asking both the same questions, so a schema change the editor
 * does not follow fails here.
 */
const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
const frontMatter = (file: string) =>
  parseYaml(/^---\n([\s\S]*?)\n---/.exec(read(file))?.[1] ?? '') as object;

const config = cmsConfig({
  siteUrl: 'https://otcedge.app',
  backend: { name: 'git-gateway', branch: 'main' },
});
const articleFiles = readdirSync(new URL(`${ARTICLES.folder}/`, root)).filter((file) => file.endsWith('.md'));
const courseFiles = readdirSync(new URL(`${COURSES.folder}/`, root)).filter((file) => file.endsWith('.json'));

/** Every editable file with its schema, its editor fields and the value it holds today. */
const editable: Array<{ file: string; schema: z.ZodType; fields: CmsField[]; value: object }> = [
  ...[...PAGES.files, ...SETTINGS.files, ...EMAIL_COLLECTION.files].map((entry: EditableFile) => ({
    file: entry.file,
    schema: entry.schema,
    fields: fieldsOf(entry.schema, entry.choices),
    value: entry.file.endsWith('.md') ? frontMatter(entry.file) : (JSON.parse(read(entry.file)) as object),
  })),
  ...articleFiles.map((name) => ({
    file: `${ARTICLES.folder}/${name}`,
    schema: ARTICLES.schema as z.ZodType,
    fields: fieldsOf(ARTICLES.schema, ARTICLES.choices),
    value: frontMatter(`${ARTICLES.folder}/${name}`),
  })),
  ...courseFiles.map((name) => ({
    file: `${COURSES.folder}/${name}`,
    schema: COURSES.schema as z.ZodType,
    fields: fieldsOf(COURSES.schema, COURSES.choices),
    value: JSON.parse(read(`${COURSES.folder}/${name}`)) as object,
  })),
];

describe('content editor collections', () => {
  it('has an entry for every file of content/pages and every library file, and a folder for the articles', () => {
    const pages = readdirSync(new URL('content/pages/', root)).map((file) => `content/pages/${file}`);
    const library = readdirSync(new URL('content/library/', root)).map((file) => `content/library/${file}`);
    const files = [...PAGES.files, ...SETTINGS.files].map((entry) => entry.file);
    expect(files.sort()).toEqual([...pages, ...library, 'content/site.json'].sort());
    expect(config.collections.map((c) => c.name)).toEqual([
      'pages',
      'articles',
      'courses',
      'settings',
      'emails',
    ]);
    expect(articleFiles.length).toBeGreaterThan(0);
    expect(courseFiles.length).toBeGreaterThan(0);
  });

  it('gives markdown files with a body a body field, and only those', () => {
    for (const entry of PAGES.files) {
      const body = read(entry.file)
        .replace(/^---\n[\s\S]*?\n---\n/, '')
        .trim();
      expect(entry.body, entry.file).toBe(body !== '');
    }
  });

  it('serves a YAML configuration with the backend, the editorial workflow and the article settings', () => {
    const yaml = parseYaml(stringify(config)) as typeof config;
    expect(yaml.backend.name).toBe('git-gateway');
    expect(yaml.publish_mode).toBe('editorial_workflow');
    expect(yaml.local_backend).toBe(true);
    const articles = yaml.collections.find((c) => c.name === 'articles') as { folder: string; slug: string };
    expect(articles).toMatchObject({ folder: 'content/articles', slug: '{{slug}}', create: true });
    expect(yaml.media_folder).toBe('site/public/images/articles');
    expect(yaml.public_folder).toBe('/images/articles');
  });

  it.each([
    [{}, { name: 'git-gateway', branch: 'main' }],
    [
      { CMS_GITHUB_REPO: 'otc-edge/site', CMS_BRANCH: 'live' },
      { name: 'github', repo: 'otc-edge/site', branch: 'live' },
    ],
  ])('chooses the production backend from the build environment %j', (env, backend) => {
    expect(editorBackend(env)).toEqual(backend);
  });

  it('refuses a malformed CMS_GITHUB_REPO', () => {
    expect(() => editorBackend({ CMS_GITHUB_REPO: 'https://github.com/x/y' })).toThrow(/owner\/name/);
  });
});

/** Values to ask both the schema and the editor about: around every limit and format the schemas use. */
const STRING_PROBES = [
  'x',
  ' x ',
  '   ',
  ...[2, 19, 20, 21, 49, 50, 51, 59, 60, 61, 109, 110, 111, 199, 200, 201, 239, 240, 241, 319, 320, 321].map(
    (n) =>
      'Lorem ipsum '
        .repeat(30)
        .slice(0, n - 1)
        .concat('.'),
  ),
  'https://example.com/a',
  'https://otcedge.app',
  'http://example.com',
  'mailto:team@example.com',
  '/videos',
  '/faq#refunds',
  'faq',
  'ABCD',
  'AB',
  'abcd',
  '$ABCD',
  '2026-10-21',
  '2026-02-30',
  '21/10/2026',
  '2024-05-01T20:00:00Z',
  '2024-05-01T20:00:00',
  '64.99',
  '64.9',
  'USD',
  'usd',
  '/images/articles/cover.webp',
  '/images/articles/cover.gif',
  'images/articles/cover.webp',
  '/videos/123456',
  '/samples/clips/lesson-a.webm',
  'lesson a',
  'ep_200',
];
const NUMBER_PROBES = [-1, 0, 0.5, 1, 5, 8, 100, 101, 24.5];

/** Decap's verdict on a value (required, pattern, number range and type, select options). */
function editorAccepts(field: CmsField, value: unknown): boolean {
  if (value === '' || value === undefined) return field.required === false;
  if (field.pattern && !new RegExp(field.pattern[0]).test(String(value))) return false;
  if (field.widget === 'number') {
    const number = Number(value);
    if (field.value_type === 'int' && !Number.isInteger(number)) return false;
    return (
      (field.min === undefined || number >= field.min) && (field.max === undefined || number <= field.max)
    );
  }
  if (field.widget === 'select') return (field.options ?? []).includes(String(value));
  return true;
}

/** The schema of one field, found by the same path through the object and list schemas. */
function fieldSchemas(
  schema: z.ZodType,
  fields: CmsField[],
  prefix = '',
): Array<[string, z.ZodType, CmsField]> {
  const shape = (schema as z.ZodObject).shape;
  expect(
    fields.map((f) => f.name),
    prefix || 'top level',
  ).toEqual(Object.keys(shape));
  return fields.flatMap((field) => {
    const child = shape[field.name] as z.ZodType;
    const path = `${prefix}${field.name}`;
    const entries: Array<[string, z.ZodType, CmsField]> = [[path, child, field]];
    const inner = unwrap(child);
    if (field.widget === 'object') entries.push(...fieldSchemas(inner, field.fields ?? [], `${path}.`));
    if (field.widget === 'list' && field.fields) {
      entries.push(
        ...fieldSchemas(unwrap((inner as z.ZodArray<z.ZodType>).element), field.fields, `${path}[].`),
      );
    }
    if (field.widget === 'list' && field.field) {
      entries.push([`${path}[]`, (inner as z.ZodArray<z.ZodType>).element, field.field]);
    }
    return entries;
  });
}
const unwrap = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodOptional || schema instanceof z.ZodDefault
    ? unwrap(schema.unwrap() as z.ZodType)
    : schema;

const KIND_OF_WIDGET: Record<string, string> = {
  string: 'string',
  text: 'string',
  image: 'string',
  datetime: 'string',
  select: 'string',
  number: 'number',
  boolean: 'boolean',
  object: 'object',
  list: 'array',
};

describe.each(editable)('$file: editor fields match the schema', ({ schema, fields, value }) => {
  const entries = fieldSchemas(schema, fields);

  it('has the same field names, in order, at every level', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it('requires exactly the fields the schema requires', () => {
    for (const [path, child, field] of entries) {
      if (path.endsWith('[]')) continue;
      expect(field.required !== false, path).toBe(!child.safeParse(undefined).success);
    }
  });

  it('uses a widget of the schema type', () => {
    for (const [path, child, field] of entries) {
      const type = unwrap(child).def.type;
      expect(KIND_OF_WIDGET[field.widget], `${path}: ${field.widget} for a ${type}`).toBe(
        type === 'enum' ? 'string' : type,
      );
    }
  });

  it('accepts and refuses the same strings, numbers and choices as the schema', () => {
    for (const [path, child, field] of entries) {
      const inner = unwrap(child);
      const type = inner.def.type;
      const probes =
        type === 'number' ? NUMBER_PROBES : type === 'string' || type === 'enum' ? STRING_PROBES : [];
      // Decap's number limits are inclusive: an exclusive bound on a decimal (gainPercent > 0) is left to
      // the save check (validate.ts), so the bound itself is not asked.
      const asked = probes.filter((probe) => !(field.value_type === 'float' && probe === field.min));
      for (const probe of [...asked, ...(type === 'enum' ? (field.options ?? []) : [])]) {
        expect(editorAccepts(field, probe), `${path} = ${JSON.stringify(probe)}`).toBe(
          inner.safeParse(probe).success,
        );
      }
    }
  });

  it('has the list length limits of the schema', () => {
    for (const [path, child, field] of entries) {
      if (field.widget !== 'list') continue;
      for (const length of [0, 1, 2, 6, 7, 8, 9]) {
        // Only the length counts: invalid items are reported at their own paths.
        const result = unwrap(child).safeParse(Array.from({ length }, () => null));
        const schemaAccepts = result.success || !result.error.issues.some((issue) => issue.path.length === 0);
        const editorAccepts =
          (field.min === undefined || length >= field.min) &&
          (field.max === undefined || length <= field.max);
        expect(editorAccepts, `${path} with ${length} items`).toBe(schemaAccepts);
      }
    }
  });

  it('accepts the value the file holds today', () => {
    for (const [path, , field] of entries) {
      if (path.includes('[]') || field.widget === 'object' || field.widget === 'list') continue;
      const current = path
        .split('.')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], value);
      if (current !== undefined) expect(editorAccepts(field, current), path).toBe(true);
    }
  });
});

describe('article titles', () => {
  it.each(articleFiles)('%s: the title gives the file name', (file) => {
    const { title } = frontMatter(`${ARTICLES.folder}/${file}`) as { title: string };
    expect(`${articleSlug(title)}.md`).toBe(file);
  });
});
