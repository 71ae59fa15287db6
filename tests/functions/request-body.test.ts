import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, MAX_REQUEST_BYTES } from '../../functions/_lib/http/handler.ts';
import { MAX_JSON_DEPTH } from '../../functions/_lib/http/json.ts';
import { entry } from '../support/endpoints.ts';
import { post } from '../support/requests.ts';

// What every JSON body goes through before its schema (functions/_lib/http/json.ts, handler.ts).
const echo = defineEndpoint(
  entry('POST', z.object({ name: z.string().optional(), list: z.unknown().optional() })),
  {
    access: 'public',
    run: (input) => ({ name: input.name ?? null }),
  },
);
const send = async (body: string) => {
  const response = await echo(post('/x', body, { 'content-type': 'application/json' }));
  return { status: response.status, body: await response.json() };
};

describe('request bodies', () => {
  it('over the size limit are refused with 413, counted in UTF-8 bytes', async () => {
    expect(await send(JSON.stringify({ name: 'é'.repeat(MAX_REQUEST_BYTES / 2) }))).toEqual({
      status: 413,
      body: { error: 'The request body is too large (at most 6 MB)' },
    });
    expect((await send(JSON.stringify({ name: 'x'.repeat(MAX_REQUEST_BYTES - 20) }))).status).toBe(200);
  });

  it.each([
    ['NUL', '{"name":"a\\u0000b"}', 'name'],
    ['a lone surrogate', '{"name":"\\ud800"}', 'name'],
    ['NUL in a nested key', '{"list":[{"a\\u0000":1}]}', 'list.0'],
  ])('holding %s are refused with 400 naming where', async (_case, body, path) => {
    expect(await send(body)).toEqual({
      status: 400,
      body: {
        error: `${path}: text must not contain NUL characters or unpaired surrogates${path === 'list.0' ? ' (in a key)' : ''}`,
      },
    });
  });

  it('keep a paired surrogate (an emoji) and other text as sent', async () => {
    expect(await send('{"name":"📈 \\ud83d\\udcc8 ü"}')).toEqual({ status: 200, body: { name: '📈 📈 ü' } });
  });

  it(`nested deeper than ${MAX_JSON_DEPTH} levels are refused, and 100,000 levels cost no stack`, async () => {
    const deep = (n: number) => `{"list":${'['.repeat(n)}${']'.repeat(n)}}`;
    expect((await send(deep(MAX_JSON_DEPTH - 1))).status).toBe(200);
    expect(await send(deep(100_000))).toEqual({
      status: 400,
      body: { error: `list: nested too deeply (at most ${MAX_JSON_DEPTH} levels)` },
    });
  });
});
