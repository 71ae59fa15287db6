import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError, membershipRequired } from '../../functions/_lib/http/errors.ts';
import { defineEndpoint } from '../../functions/_lib/http/handler.ts';
import tags from '../../functions/tags.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

const echo = defineEndpoint({
  method: 'POST',
  access: 'public',
  input: z.object({ name: z.string().min(1).max(5), count: z.number().int().optional() }),
  run: (input) => ({ hello: input.name }),
});

describe('handler conventions', () => {
  it.each([
    ['GET', 405],
    ['PUT', 405],
    ['DELETE', 405],
  ])('answers %s on a POST endpoint with %i and an Allow header', async (method, status) => {
    const response = await tags(new Request('http://localhost/api/tags', { method }));
    expect(response.status).toBe(status);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'Use POST for this endpoint' });
  });

  it('rejects malformed JSON with a clear 400', async () => {
    const response = await echo(post('/x', '{"name": "ab', { 'content-type': 'application/json' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Malformed JSON body' });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const response = await echo(
      post('/x', 'name=ab', { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'Send the body as application/json' });
  });

  it.each([
    [{}, 'name: Invalid input: expected string, received undefined'],
    [{ name: '' }, 'name: Too small: expected string to have >=1 characters'],
    [{ name: 'toolong' }, 'name: Too big: expected string to have <=5 characters'],
    [{ name: 'ab', count: 1.5 }, 'count: Invalid input: expected int, received number'],
    [[1, 2], 'Invalid input: expected object, received array'],
  ])('answers schema violations with 400 naming the field: %j', async (body, message) => {
    const response = await echo(post('/x', body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
  });

  it('treats an empty body as an empty object', async () => {
    const response = await tags(post('/api/tags'));
    expect(response.status).toBe(200);
  });

  it('returns the typed error status and message', async () => {
    const teapot = defineEndpoint({
      method: 'POST',
      access: 'public',
      input: z.object({}),
      run: () => {
        throw new HttpError(409, 'Already applied');
      },
    });
    const response = await teapot(post('/x'));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'Already applied' });
  });

  it('never leaks an internal error to the client, but logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = defineEndpoint({
      method: 'POST',
      access: 'public',
      input: z.object({}),
      run: () => {
        throw new Error('redis://secret@host exploded');
      },
    });
    const response = await broken(post('/x', {}, { authorization: 'Bearer tok_secret' }));
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: 'Something went wrong. Please try again.' });
    expect(text).not.toContain('secret');
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0])).toContain('exploded');
    expect(String(log.mock.calls[0])).not.toContain('tok_secret');
    log.mockRestore();
  });

  it('marks API answers as not cacheable', async () => {
    const response = await tags(post('/api/tags'));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe("access: 'visitor-or-user'", () => {
  const whoami = defineEndpoint({
    method: 'POST',
    access: 'visitor-or-user',
    input: z.object({}),
    run: (_input, _deps, { caller }) => ({ sub: caller?.sub ?? null }),
  });

  it('answers a visitor (no token) with no caller', async () => {
    const response = await whoami(post('/x'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sub: null });
  });

  it('answers a signed-in caller as that caller', async () => {
    const response = await whoami(post('/x', undefined, await authHeader({ sub: 'auth0|both' })));
    expect(await response.json()).toEqual({ sub: 'auth0|both' });
  });

  it('refuses a token that does not verify, rather than treating the caller as a visitor', async () => {
    const response = await whoami(post('/x', undefined, await authHeader({ audience: 'https://elsewhere' })));
    expect(response.status).toBe(401);
  });
});

describe('membership required', () => {
  it('answers 403 with redirect: true (SPEC §4: the member app goes to /payment)', async () => {
    const members = defineEndpoint({
      method: 'POST',
      access: 'user',
      input: z.object({}),
      run: () => {
        throw membershipRequired();
      },
    });
    const response = await members(post('/x', undefined, await authHeader()));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'An active membership is required', redirect: true });
  });
});
