import type { z } from 'zod';

/** A leaf of a request schema: where it sits in the body, and what it accepts. */
export interface SchemaField {
  path: Array<string | number>;
  /** The zod types the field accepts (string, number, boolean, array, object, enum, literal…). */
  kinds: string[];
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
}
const def = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every field of a request schema, nested objects and array elements included (an element's path
 * ends in 0): walked from the contract, so a new field is fuzzed and checked without listing it.
 */
export function schemaFields(schema: z.ZodType): SchemaField[] {
  const fields = new Map<string, SchemaField>();
  const walk = (node: z.ZodType, path: Array<string | number>) => {
    const d = def(node);
    switch (d.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
        return walk(d.innerType as z.ZodType, path);
      case 'pipe':
        return walk(d.in as z.ZodType, path);
      case 'union':
        for (const option of d.options ?? []) walk(option, path);
        return;
      case 'object':
        if (path.length) add(path, 'object');
        for (const [key, child] of Object.entries(d.shape ?? {})) walk(child, [...path, key]);
        return;
      case 'array':
        add(path, 'array');
        return walk(d.element as z.ZodType, [...path, 0]);
      default:
        if (path.length) add(path, d.type);
    }
  };
  const add = (path: Array<string | number>, kind: string) => {
    const key = JSON.stringify(path);
    const found = fields.get(key) ?? { path, kinds: [] };
    if (!found.kinds.includes(kind)) found.kinds.push(kind);
    fields.set(key, found);
  };
  walk(schema, []);
  return [...fields.values()];
}

/** A copy of `body` with `value` at `path` (objects and arrays on the way created as needed). */
export function withValue(body: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof head === 'number') {
    const list = Array.isArray(body) ? [...body] : [];
    list[head] = withValue(list[head], rest, value);
    return list;
  }
  const object = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
  (object as Record<string, unknown>)[head] = withValue(
    (object as Record<string, unknown>)[head],
    rest,
    value,
  );
  return object;
}
