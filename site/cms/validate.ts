/**
 * The last check before the content editor writes a file: the entry against the very schema the
 * build enforces (fields.ts can only approximate some rules in Decap's terms), and an article's
 * title against its file name. A refusal names the file and every field, and nothing is written.
 */
import type { z } from 'zod';
import { articleSlug } from '../../functions/_lib/articles/rules.ts';
import { isEmailName, placeholderProblems, placeholdersOf } from '../../functions/_lib/mail/catalog.ts';
import { ARTICLES, EMAIL_COLLECTION, schemaOfEntry } from './collections.ts';

export interface SaveProblem {
  file: string;
  problems: string[];
}

/** Decap's slug for a new entry with our slug settings (config.ts): lower case, quotes dropped, "." → "-", other characters → "_", runs of "_" joined. */
export function editorSlug(title: string): string {
  return title
    .trim()
    .toLocaleLowerCase()
    .replace(/'/g, '')
    .replace(/\./g, '-')
    .replace(/[^\w\-.~]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * Optional fields the editor leaves empty ("" or an empty list) are dropped, as if never written: the
 * schemas refuse an empty string where they accept a missing field. Returns the paths dropped.
 */
export function emptyOptionalPaths(schema: z.ZodType, value: unknown, path: Array<string | number> = []) {
  const found: Array<Array<string | number>> = [];
  const def = schema._zod.def as unknown as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    innerType?: z.ZodType;
  };
  if (def.type === 'optional' || def.type === 'default') {
    return emptyOptionalPaths(def.innerType as z.ZodType, value, path);
  }
  if (def.type === 'object' && def.shape && value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(def.shape)) {
      const optional = ['optional', 'default'].includes(child._zod.def.type);
      const empty =
        record[key] === '' ||
        record[key] === null ||
        (Array.isArray(record[key]) && record[key].length === 0);
      if (optional && key in record && empty) found.push([...path, key]);
      else found.push(...emptyOptionalPaths(child, record[key], [...path, key]));
    }
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    for (const [i, item] of value.entries()) found.push(...emptyOptionalPaths(element, item, [...path, i]));
  }
  return found;
}

/** Every problem of an entry the editor is about to save (data without the markdown body). */
export function entryProblems(
  collection: string,
  entry: { slug: string; isNew: boolean; data: Record<string, unknown> },
): SaveProblem | undefined {
  const known = schemaOfEntry(collection, entry.slug);
  if (!known) return undefined;
  const { body: _body, ...fields } = entry.data;
  const problems: string[] = [];
  const parsed = known.schema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
    }
  }
  if (collection === EMAIL_COLLECTION.name && isEmailName(entry.slug)) {
    // The body's rules, as the build checks them (functions/_lib/mail/templates.ts parseEmailTemplate).
    const body = typeof entry.data.body === 'string' ? entry.data.body : '';
    for (const problem of placeholderProblems(body, placeholdersOf(entry.slug)))
      problems.push(`body: ${problem}`);
    if (body.trim() === '') problems.push('body: is empty (write the email)');
  }
  if (collection === ARTICLES.name && typeof fields.title === 'string') {
    const slug = articleSlug(fields.title.trim());
    const file = entry.isNew ? editorSlug(fields.title) : entry.slug;
    if (file !== slug) {
      problems.push(
        entry.isNew
          ? `title: its address would be /articles/${slug} but the file would be named ${file}.md; leave out punctuation inside words, accents and double spaces`
          : `title: the address /articles/${entry.slug} comes from the title; to retitle it, create a new article and delete this one`,
      );
    }
  }
  return problems.length > 0 ? { file: known.file, problems } : undefined;
}

/** The parts of Decap's (Immutable.js) entry map the check uses. */
interface EntryData {
  deleteIn(path: Array<string | number>): EntryData;
  toJS(): Record<string, unknown>;
}
interface Entry {
  get(key: 'collection' | 'slug'): string;
  get(key: 'newRecord'): boolean | undefined;
  get(key: 'data'): EntryData;
}

/**
 * Decap's preSave listener: returns the data to write (empty optional fields dropped) or throws,
 * and Decap then shows "Failed to persist entry" with this message and writes nothing.
 */
export function dataToSave({ entry }: { entry: Entry }): EntryData {
  const collection = entry.get('collection');
  const slug = entry.get('slug') ?? '';
  let data = entry.get('data');
  const known = schemaOfEntry(collection, slug);
  if (!known) return data;
  for (const path of emptyOptionalPaths(known.schema, data.toJS())) data = data.deleteIn(path);
  const problem = entryProblems(collection, {
    slug,
    isNew: entry.get('newRecord') === true,
    data: data.toJS(),
  });
  if (problem) throw new Error(`${problem.file} was not saved. ${problem.problems.join('; ')}`);
  return data;
}
