import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getDeps } from '../../functions/_lib/deps.ts';
import { HttpError, membershipRequired } from '../../functions/_lib/http/errors.ts';
import { defineEndpoint } from '../../functions/_lib/http/handler.ts';
import tags from '../../functions/tags.ts';
import { entry } from '../support/endpoints.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

const echo = defineEndpoint(
  entry('POST', z.object({ name: z.string().min(1).max(5), count: z.number().int().optional() })),
  {
    access: 'public',
    run: (input) => ({ hello: input.name }),
  },
);

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
    const teapot = defineEndpoint(entry('POST', z.object({})), {
      access: 'public',
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
    const broken = defineEndpoint(entry('POST', z.object({})), {
      access: 'public',
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
  const whoami = defineEndpoint(entry('POST', z.object({})), {
    access: 'visitor-or-user',
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
  it('answers 403 with redirect: true (docs/product.md §4: the member app goes to /payment)', async () => {
    const members = defineEndpoint(entry('POST', z.object({})), {
      access: 'user',
      run: () => {
        throw membershipRequired();
      },
    });
    const response = await members(post('/x', undefined, await authHeader()));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'An active membership is required', redirect: true });
  });
});

describe('answers are bound to the contract', () => {
  const entryAnswering = <R extends z.ZodType>(response: R) =>
    ({ method: 'POST', request: z.object({}), response }) as const;

  it('passes an answer that matches the response schema', async () => {
    const ok = defineEndpoint(entryAnswering(z.object({ ok: z.literal(true) })), {
      access: 'public',
      run: () => ({ ok: true as const }),
    });
    expect(ok.entry.method).toBe('POST');
    const response = await ok(post('/x'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('turns an answer the member app could not read into a logged 500 in tests', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const drifted = defineEndpoint(entryAnswering(z.object({ count: z.number() })), {
      access: 'public',
      // A handler that drifted from its contract (the cast stands for a bug the types missed).
      run: () => ({ count: 'three' }) as unknown as { count: number },
    });
    const response = await drifted(post('/x'));
    expect(response.status).toBe(500);
    expect(String(log.mock.calls[0])).toContain('does not match the contract: count');
    log.mockRestore();
  });
});

describe("access: 'member'", () => {
  const { store } = getDeps();
  const planEntry = {
    method: 'POST',
    request: z.object({}),
    response: z.object({ plan: z.string() }),
  } as const;
  const beforeRun = defineEndpoint(planEntry, {
    access: 'member',
    membership: 'before-run',
    run: (_input, _deps, { membership }) => ({ plan: membership.plan }),
  });
  const inPipeline = defineEndpoint(planEntry, {
    access: 'member',
    membership: 'in-first-pipeline',
    run: async (_input, _deps, { gate }) => {
      const [echo] = await gate.exec<[string]>(gate.pipeline().echo('yearly'));
      return { plan: `${gate.membership?.plan}/${echo}` };
    },
  });
  const forgetful = defineEndpoint(planEntry, {
    access: 'member',
    membership: 'in-first-pipeline',
    run: () => ({ plan: 'never checked' }),
  });

  it.each([
    ['before the run', beforeRun, 'monthly'],
    ["in the run's first pipeline", inPipeline, 'monthly/yearly'],
  ])('judges the membership %s and hands it over', async (_case, endpoint, plan) => {
    const member = await signedIn(store, activeMembership());
    const response = await endpoint(post('/x', undefined, member.headers));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ plan });
  });

  it.each([
    ['before the run', beforeRun],
    ["in the run's first pipeline", inPipeline],
  ])(
    'answers 401 without a token and 403 { redirect: true } without a membership (%s)',
    async (_c, endpoint) => {
      expect((await endpoint(post('/x'))).status).toBe(401);
      const user = await signedIn(store, null);
      const response = await endpoint(post('/x', undefined, user.headers));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'An active membership is required', redirect: true });
    },
  );

  it('never sends a member answer given without consulting the gate', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const member = await signedIn(store, activeMembership());
    const response = await forgetful(post('/x', undefined, member.headers));
    expect(response.status).toBe(500);
    expect(String(log.mock.calls[0])).toContain('without checking the membership');
    log.mockRestore();
  });
});
