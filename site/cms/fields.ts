/**
 * Content-editor (Decap CMS) fields derived from the zod schemas the build enforces: every field of
 * a schema becomes a field of the editor with the same name, required-ness, type, choices and
 * limits, so a schema change changes the editor with it. What a field cannot say in Decap's terms
 * (a value range that is exclusive, a URL's host) is still checked on save against the schema
 * itself (validate.ts). A zod type with no editor widget fails the build: someone has to choose one.
 */
import type { z } from 'zod';

export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  default?: unknown;
  hint?: string;
  /** Decap checks a string value against the regex and shows the message under the field. */
  pattern?: [string, string];
  options?: string[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
  collapsed?: boolean;
  summary?: string;
  /** Widget settings chosen per field (FieldChoices): date format, image folder, editor modes… */
  [setting: string]: unknown;
}

/** Presentation the schema cannot decide (a textarea, an image picker, a hint), by dotted field path. */
export type FieldChoices = Record<string, Partial<CmsField>>;

/** Multi-line prose: a textarea rather than a one-line input. */
const PROSE = new Set(['description', 'preview', 'intro', 'lead', 'text', 'quote', 'note', 'risk', 'locked']);

// The parts of zod's definitions the editor reads (zod's own types make each kind a separate class).
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  error?: (issue: object) => unknown;
}
interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  protocol?: RegExp;
  error?: (issue: object) => unknown;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  entries?: Record<string, string>;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/**
 * The zod checks this file turns into editor rules. Any other (a new `.startsWith()`, `.refine()`…)
 * fails the build until the editor learns it, rather than the editor silently accepting what the
 * build refuses. `overwrite` is `.trim()`, which the length rules count with.
 */
export const TRANSLATED_CHECKS = new Set([
  'overwrite',
  'min_length',
  'max_length',
  'string_format',
  'greater_than',
  'less_than',
  'number_format',
]);

function checksOf(def: Def): CheckDef[] {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const unknown = checks.find((check) => !TRANSLATED_CHECKS.has(check.check));
  if (unknown)
    throw new Error(
      `the content editor does not translate the zod check "${unknown.check}" (site/cms/fields.ts)`,
    );
  return checks;
}

/** The editor's fields for a strict object schema, in the schema's order. */
export function fieldsOf(schema: z.ZodType, choices: FieldChoices = {}, prefix = ''): CmsField[] {
  const { shape } = defOf(schema);
  if (!shape) throw new Error(`${prefix || 'the schema'}: expected an object schema`);
  return Object.entries(shape).map(([name, child]) => fieldOf(name, child, choices, `${prefix}${name}`));
}

/** "imageAlt" → "Image alt". */
export const labelOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ [A-Z]/g, (c) => c.toLowerCase());

function fieldOf(name: string, schema: z.ZodType, choices: FieldChoices, path: string): CmsField {
  let inner = schema;
  let required = true;
  let defaultValue: unknown;
  for (let def = defOf(inner); def.type === 'optional' || def.type === 'default'; def = defOf(inner)) {
    required = false;
    if (def.type === 'default') defaultValue = def.defaultValue;
    inner = def.innerType as z.ZodType;
  }
  const field: CmsField = {
    name,
    label: labelOf(name),
    ...widgetOf(name, inner, choices, path),
    ...(required ? {} : { required: false }),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
  return { ...field, ...choices[path] };
}

function widgetOf(name: string, schema: z.ZodType, choices: FieldChoices, path: string) {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const pattern = stringPattern(def);
      const prose = PROSE.has(name) && !def.format && !checksOf(def).some((c) => c.format === 'regex');
      return { widget: prose ? 'text' : 'string', ...(pattern ? { pattern } : {}) };
    }
    case 'number':
      return { widget: 'number', ...numberLimits(def) };
    case 'boolean':
      return { widget: 'boolean' };
    case 'enum':
      return { widget: 'select', options: Object.values(def.entries ?? {}) };
    case 'object':
      return { widget: 'object', fields: fieldsOf(schema, choices, `${path}.`) };
    case 'array': {
      const element = def.element as z.ZodType;
      const items =
        defOf(element).type === 'object'
          ? { fields: fieldsOf(element, choices, `${path}.`), collapsed: true }
          : { field: fieldOf(name, element, choices, `${path}.item`) };
      return { widget: 'list', ...items, ...lengthLimits(def) };
    }
    default:
      throw new Error(
        `${path}: the content editor has no widget for a zod "${def.type}" (site/cms/fields.ts)`,
      );
  }
}

function lengthLimits(def: Def): { min?: number; max?: number } {
  const limits: { min?: number; max?: number } = {};
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') limits.min = check.minimum as number;
    if (check.check === 'max_length') limits.max = check.maximum as number;
  }
  return limits;
}

/** Decap's number limits are inclusive; an exclusive zod bound on an integer moves by one. */
function numberLimits(def: Def): Partial<CmsField> {
  const checks = checksOf(def);
  const int = def.format === 'safeint' || checks.some((c) => c.check === 'number_format');
  const limits: Partial<CmsField> = { value_type: int ? 'int' : 'float' };
  for (const check of checks) {
    const step = check.inclusive || !int ? 0 : 1;
    if (check.check === 'greater_than') limits.min = (check.value as number) + step;
    if (check.check === 'less_than') limits.max = (check.value as number) - step;
  }
  return limits;
}

/** The message a zod check carries for editors ("must be a date written YYYY-MM-DD"), if any. */
function messageOf(error: CheckDef['error'], fallback: string): string {
  const message = error?.({});
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object' && 'message' in message) return String(message.message);
  return fallback;
}

/** Every rule of a zod string as one regex Decap can run, with the rules' messages. */
export function stringPattern(def: Def): [string, string] | undefined {
  const checks = checksOf(def);
  const rules: Array<[string, string]> = [];
  const trimmed = checks.some((c) => c.check === 'overwrite');
  const { min, max } = lengthLimits(def);
  const length = lengthRule(min ?? 0, max, trimmed);
  if (length) rules.push(length);
  if (def.format === 'url') {
    const schemes = (def.protocol?.source ?? '[a-z][a-z0-9+.-]*').replace(/^\^|\$$/g, '');
    rules.push([`^(?:${schemes}):\\S+$`, messageOf(def.error, `must be a ${schemes} URL`)]);
  } else if (def.pattern) {
    rules.push([def.pattern.source, messageOf(def.error, `must be a valid ${def.format ?? 'value'}`)]);
  }
  for (const check of checks) {
    if (check.check !== 'string_format') continue;
    if (!check.pattern)
      throw new Error(`the content editor has no pattern for the string format "${check.format}"`);
    rules.push([check.pattern.source, messageOf(check.error, 'has the wrong format')]);
  }
  if (rules.length === 0) return undefined;
  if (rules.length === 1) return rules[0];
  // All at once: each rule is anchored, so each lookahead checks the whole value.
  return [
    `^${rules.map(([regex]) => `(?=${regex})`).join('')}`,
    rules.map(([, message]) => message).join('; '),
  ];
}

/**
 * A length rule on the value as the build reads it: zod trims before counting, so the pattern
 * counts from the first to the last non-space character.
 */
function lengthRule(min: number, max: number | undefined, trimmed: boolean): [string, string] | undefined {
  if (min <= 0 && max === undefined) return undefined;
  const words =
    max === undefined
      ? `at least ${min} characters`
      : min <= 1
        ? `at most ${max} characters`
        : `${min} to ${max} characters`;
  const message = min === 1 && max === undefined ? 'must not be empty' : `write ${words}`;
  if (!trimmed) return [`^[\\s\\S]{${min},${max ?? ''}}$`, message];
  const inner = `\\S[\\s\\S]{${Math.max(min - 2, 0)},${max === undefined ? '' : max - 2}}\\S`;
  return [`^\\s*(?:${min <= 1 ? '\\S|' : ''}${inner})\\s*$`, message];
}
