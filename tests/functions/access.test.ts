import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ApiName, api } from '../../functions/_lib/contract.ts';

/**
 * Deny by default: every function answers 401 to a caller without a valid token, except the ones
 * on this explicit list. A new public endpoint must be added here on purpose.
 */
const PUBLIC = new Set<ApiName>(['appconfig', 'health', 'tags', 'playlists', 'articles/free']);

const root = new URL('../../functions/', import.meta.url);
const endpoints = readdirSync(root)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, name: file.replace(/\.ts$/, '').replaceAll('-', '/') as ApiName }));

describe.each(endpoints.filter((e) => !PUBLIC.has(e.name)))('functions/$file', ({ file, name }) => {
  const request = (headers: Record<string, string>) =>
    new Request(`http://localhost/api/${name}`, {
      method: api[name].method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(api[name].method === 'GET' ? {} : { body: '{}' }),
    });

  it.each([
    ['no token', {}],
    ['a malformed token', { authorization: 'Bearer abc.def.ghi' }],
    ['a token-shaped string in another scheme', { authorization: 'Token abc.def.ghi' }],
  ])('answers 401 to %s', async (_case, headers) => {
    const handler = (await import(new URL(file, root).href)).default as (r: Request) => Promise<Response>;
    const response = await handler(request(headers));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Sign in to continue' });
  });
});

describe('the public list', () => {
  it('names only functions that exist', () => {
    for (const name of PUBLIC) expect(endpoints.map((e) => e.name)).toContain(name);
  });
});
