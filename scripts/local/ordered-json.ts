/**
 * JSON text like `JSON.stringify(value, null, 2)`, except that an object whose keys are all digits
 * lists them in text order. JavaScript puts integer-like keys first in numeric order, so a report
 * keyed by hour would print `"10"`…`"16"` before `"09"`; as text, `"09"` comes first.
 */
export function orderedJson(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + orderedJson(item, inner)).join(',\n')}\n${indent}]`;
  }
  // A Date (or anything with toJSON) is printed as what it stands for, as JSON.stringify does.
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJSON === 'function') return orderedJson(toJSON.call(value), indent);
  let keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) keys = keys.sort();
  if (keys.length === 0) return '{}';
  const lines = keys.map(
    (key) => `${inner}${JSON.stringify(key)}: ${orderedJson((value as Record<string, unknown>)[key], inner)}`,
  );
  return `{\n${lines.join(',\n')}\n${indent}}`;
}
