import type { ContractEntry } from '../../functions/_lib/contract/index.ts';
import { schemaFields, withValue } from './schema-fields.ts';
import type { Seeded } from './seeded.ts';

/** One generated request, as text, so it can be anything a client can send. */
export interface FuzzCase {
  label: string;
  method: string;
  contentType: string | null;
  body: string | undefined;
  /** The top-level field a field case breaks: a 400 must name it. */
  field?: string;
  /** For GET: the query string sent. */
  query?: string;
  /** The only right answer, where there is one (413 over the size limit). */
  status?: number;
}

/** JSON text that JSON.stringify cannot produce (huge integers, -0, duplicate keys, raw escapes). */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const raw = (text: string) => new Raw(text);

/** Serializes a body that may hold Raw fragments, keys like __proto__ included as sent. */
export function toJson(value: unknown): string {
  const fragments: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof Raw) {
      fragments.push(v.text);
      return `\u0001raw${fragments.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i) => fragments[Number(i)] as string);
}

/** The request body limit (functions/_lib/http/handler.ts): one byte over it. */
export const OVER_LIMIT = 6 * 1024 * 1024 + 1;

const deepArray = (depth: number) => raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/**
 * What each field is given instead of its value: every JSON type, the numbers JSON can carry that
 * break naive code, strings with NUL and unpaired surrogates, overlong strings and arrays, nesting,
 * and objects with __proto__ / constructor keys.
 */
const WRONG_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['true', true],
  ['0', 0],
  ['-1', -1],
  ['an empty string', ''],
  ['an empty array', []],
  ['an empty object', {}],
  ['NUL', '\u0000'],
  ['a lone high surrogate', '\ud800'],
  // The seeded sample draws from here on.
  ['false', false],
  ['-0', raw('-0')],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['a 30-digit integer', raw('123456789012345678901234567890')],
  ['2^53 + 1', raw('9007199254740993')],
  ['1e400 (Infinity to a naive parser)', raw('1e400')],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"-1"', '-1'],
  ['a blank string', '   '],
  ['a string with NUL', 'ab\u0000cd'],
  ['a lone low surrogate in text', 'x\udfffy'],
  ['control characters', '\u0001\u001f\u007f'],
  ['a 100,000-character string', 'x'.repeat(100_000)],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['a key-shaped string', 'u:auth0|other:notes'],
  ['[null]', [null]],
  ['a 100,000-element array', raw(`[${'1,'.repeat(99_999)}1]`)],
  ['an array of NUL strings', ['\u0000']],
  ['an object with __proto__', raw('{"__proto__":{"polluted":true}}')],
  ['an object with constructor.prototype', raw('{"constructor":{"prototype":{"polluted":true}}}')],
  ['arrays nested 5,000 deep', deepArray(5_000)],
  ['objects nested 5,000 deep', deepObject(5_000)],
];

/** How many of WRONG_VALUES every field gets (one of each JSON type, NUL, a lone surrogate). */
const TYPE_VALUES = 9;
/** How many of the stranger values each field gets on top. */
const EXTRA_VALUES = 4;

const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const NOT_JSON = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonp',
  'json',
];

/** URL-encoded; an unpaired surrogate (which encodeURIComponent refuses) as its raw UTF-8 bytes. */
function queryText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Every bad request for one endpoint, built around its valid sample; deterministic for a seed. */
export function fuzzCases(entry: ContractEntry, sample: Record<string, unknown>, rng: Seeded): FuzzCase[] {
  const json = 'application/json';
  const method = entry.method;
  const valid = toJson(sample);
  const cases: FuzzCase[] = [];
  const add = (label: string, body: string | undefined, over: Partial<FuzzCase> = {}) =>
    cases.push({ label, method, contentType: json, body: method === 'GET' ? undefined : body, ...over });

  for (const other of OTHER_METHODS.filter((m) => m !== method)) {
    const bodyless = other === 'GET' || other === 'HEAD';
    add(`method ${other}`, bodyless ? undefined : valid, {
      method: other,
      body: bodyless ? undefined : valid,
    });
  }
  if (method === 'GET') {
    // A GET carries its input in the query string: a broken one is the fuzz.
    for (const [label, value] of WRONG_VALUES) {
      const text = value instanceof Raw ? value.text : typeof value === 'string' ? value : toJson(value);
      const encoded = queryText(text);
      add(`query ${label}`, undefined, { query: `?a=${encoded}&__proto__=${encoded}` });
    }
    return cases;
  }
  for (const type of NOT_JSON) add(`content type ${type ?? '(none)'}`, valid, { contentType: type });
  add('content type in capitals with a charset', valid, { contentType: 'APPLICATION/JSON; charset=utf-8' });

  for (let i = 0; i < 3; i++)
    add('truncated JSON', valid.slice(0, rng.int(1, Math.max(1, valid.length - 1))));
  for (const text of [
    '{',
    '}',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    '[',
    '{"a":"\\x"}',
    '\u0000',
    '{"a":1}x',
  ])
    add(`malformed JSON ${JSON.stringify(text)}`, text);
  add('two JSON documents', `${valid}${valid}`);
  for (const text of ['null', '1', '"x"', '[]', 'true', '[{}]', '-0', '1e400'])
    add(`top-level ${text}`, text);

  add('a body over the size limit (valid JSON)', toJson({ ...sample, pad: 'x'.repeat(OVER_LIMIT) }), {
    status: 413,
  });
  // Under the limit in characters, over it in UTF-8 bytes.
  add('a body over the size limit in bytes', toJson({ ...sample, pad: 'é'.repeat(OVER_LIMIT / 2) }), {
    status: 413,
  });
  add('arrays nested 100,000 deep', toJson({ ...sample, deep: deepArray(100_000) }));
  add('objects nested 100,000 deep', toJson({ ...sample, deep: deepObject(100_000) }));
  add('unclosed nesting 100,000 deep', `{"a":${'['.repeat(100_000)}`);
  add('__proto__ at the top', `{"__proto__":{"polluted":true,"custID":"cus_x"},${valid.slice(1)}`);
  add('constructor at the top', `{"constructor":{"prototype":{"polluted":true}},${valid.slice(1)}`);
  add('__proto__: null', `{"__proto__":null,${valid.slice(1)}`);
  add(
    '1,000 unknown keys',
    toJson({ ...sample, ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])) }),
  );

  // Every JSON type for every field, and EXTRA_VALUES of the stranger ones in turn from a seeded
  // start, so an endpoint with a handful of fields gets every one of them somewhere.
  const stranger = WRONG_VALUES.slice(TYPE_VALUES);
  let next = rng.int(0, stranger.length - 1);
  for (const field of schemaFields(entry.request)) {
    const top = String(field.path[0]);
    const name = field.path.join('.');
    const values = [
      ...WRONG_VALUES.slice(0, TYPE_VALUES),
      ...Array.from({ length: EXTRA_VALUES }, () => stranger[next++ % stranger.length] as [string, unknown]),
    ];
    for (const [label, value] of values) {
      add(`${name} = ${label}`, toJson(withValue(sample, field.path, value)), { field: top });
    }
    // The same key twice: the last one wins in JSON.parse, and it must be judged.
    if (field.path.length === 1 && top in sample)
      add(
        `${name} twice`,
        `{${JSON.stringify(top)}:${JSON.stringify(sample[top])},${valid.slice(1, -1)},${JSON.stringify(top)}:123}`,
        { field: top },
      );
  }
  return cases;
}
