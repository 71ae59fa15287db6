import { badRequest } from './errors.ts';

/** Deeper than any request the contract describes (the deepest is 3), far short of a stack overflow. */
export const MAX_JSON_DEPTH = 32;

export function readJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  checkJsonValue(value);
  return value;
}

/**
 * JSON can carry text no field should hold: NUL, and unpaired UTF-16 surrogates (which the store's
 * UTF-8 would silently turn into U+FFFD). Both are refused here, for every endpoint, with the path of
 * the first offending value; so is nesting deeper than any request needs. Iterative: a body nested
 * 100,000 deep costs a loop, not the stack.
 */
export function checkJsonValue(value: unknown): void {
  const stack: Array<[value: unknown, path: string, depth: number]> = [[value, '', 0]];
  while (stack.length) {
    const [node, path, depth] = stack.pop() as [unknown, string, number];
    if (typeof node === 'string') {
      if (!safeText(node)) throw badRequest(`${path || 'body'}: ${UNSAFE}`);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH)
      throw badRequest(
        `${path.split('.')[0] || 'body'}: nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
      );
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    for (const [key, child] of entries) {
      const at = path ? `${path}.${key}` : key;
      if (!safeText(key)) throw badRequest(`${path || 'body'}: ${UNSAFE} (in a key)`);
      stack.push([child, at, depth + 1]);
    }
  }
}

const UNSAFE = 'text must not contain NUL characters or unpaired surrogates';

function safeText(text: string): boolean {
  return !text.includes('\u0000') && (text as string & { isWellFormed(): boolean }).isWellFormed();
}
