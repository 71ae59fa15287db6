import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ApiName, api } from '../../functions/_lib/contract/index.ts';

/**
 * Deny by default: every function answers 401 to a caller without a valid token, except the ones
 * on these explicit lists. A new public endpoint must be added here on purpose.
 */
const PUBLIC = new Set<ApiName>([
  'appconfig',
  'articles/free',
  'billing/webhook',
  'health',
  'playlists',
  'promo',
  'tags',
]);
/** Answer visitors (no token) and members alike; a token that is sent must still be valid. */
const VISITOR_OR_USER = new Set<ApiName>(['videos', 'videos/metadata']);

const root = new URL('../../functions/', import.meta.url);
const endpoints = readdirSync(root)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, name: file.replace(/\.ts$/, '').replaceAll('-', '/') as ApiName }));

const open = (name: ApiName) => PUBLIC.has(name) || VISITOR_OR_USER.has(name);

describe.each(endpoints.filter((e) => !PUBLIC.has(e.name)))('functions/$file', ({ file, name }) => {
  const request = (headers: Record<string, string>) =>
    new Request(`http://localhost/api/${name}`, {
      method: api[name].method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(api[name].method === 'GET' ? {} : { body: '{}' }),
    });

  const cases: Array<[string, Record<string, string>]> = [
    ['a malformed token', { authorization: 'Bearer abc.def.ghi' }],
    ...(open(name)
      ? []
      : ([
          ['no token', {}],
          ['a token-shaped string in another scheme', { authorization: 'Token abc.def.ghi' }],
        ] as Array<[string, Record<string, string>]>)),
  ];
  it.each(cases)('answers 401 to %s', async (_case, headers) => {
    const handler = (await import(new URL(file, root).href)).default as (r: Request) => Promise<Response>;
    const response = await handler(request(headers));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Sign in to continue' });
  });
});

describe('the public lists', () => {
  it('name only functions that exist', () => {
    for (const name of [...PUBLIC, ...VISITOR_OR_USER]) expect(endpoints.map((e) => e.name)).toContain(name);
  });
});
