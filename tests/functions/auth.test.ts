import { createHmac, createPublicKey } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { generateKeyPair, type JWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../functions/_lib/http/handler.ts';
import { entry } from '../support/endpoints.ts';
import { post } from '../support/requests.ts';
import { authHeader, signToken, testAudience, testIssuer } from '../support/tokens.ts';

// A 'user' endpoint that echoes who the server thinks is calling.
const whoAmI = defineEndpoint(entry('POST', z.object({ userID: z.string().optional() })), {
  access: 'user',
  run: (_input, _deps, { caller }) => caller,
});

const call = (headers: Record<string, string>, body: unknown = {}) =>
  whoAmI(post('/api/whoami', body, headers));
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with the right issuer and audience, signed by a key the issuer never published. */
async function signedByAnotherKey(kid: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject('auth0|eve')
    .setIssuer(testIssuer())
    .setAudience(testAudience())
    .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
    .sign(privateKey);
}

const jwksHits = async () => ((await (await fetch(`${testIssuer()}__hits`)).json()) as { hits: number }).hits;

describe('access tokens', () => {
  it('a valid token identifies the caller from its claims, never from the body', async () => {
    const response = await call(
      await authHeader({ sub: 'auth0|alice', email: 'alice@example.com', customerId: 'cus_123' }),
      { userID: 'auth0|mallory', custID: 'cus_mallory' },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub: 'auth0|alice',
      email: 'alice@example.com',
      customerId: 'cus_123',
      issuedAt: expect.any(Number),
    });
  });

  it('fetches the key set once and reuses it across calls', async () => {
    await call(await authHeader());
    const before = await jwksHits();
    for (let i = 0; i < 5; i++) expect((await call(await authHeader())).status).toBe(200);
    expect(await jwksHits()).toBe(before);
  });

  const rejected: Array<[string, () => Promise<string>]> = [
    ['no Authorization header', async () => ''],
    ['a non-bearer scheme', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['garbage', async () => 'Bearer not-a-token'],
    [
      'alg: none',
      async () => {
        const token = await signToken({ sub: 'auth0|eve' });
        const [, payload] = token.split('.');
        return `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      },
    ],
    [
      'HS256 signed with the public key as the secret',
      async () => {
        const jwk = JSON.parse(process.env.TEST_ISSUER_JWK ?? '{}') as JWK;
        const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
        const pem = createPublicKey({ key: publicJwk as never, format: 'jwk' }).export({
          type: 'spki',
          format: 'pem',
        });
        const head = b64url({ alg: 'HS256', typ: 'JWT', kid: jwk.kid });
        const now = Math.floor(Date.now() / 1000);
        const body = b64url({
          sub: 'auth0|eve',
          iss: testIssuer(),
          aud: testAudience(),
          iat: now,
          exp: now + 600,
        });
        const sig = createHmac('sha256', pem).update(`${head}.${body}`).digest('base64url');
        return `Bearer ${head}.${body}.${sig}`;
      },
    ],
    [
      'the wrong audience',
      async () => `Bearer ${await signToken({ audience: 'https://someone-else.example' })}`,
    ],
    ['the wrong issuer', async () => `Bearer ${await signToken({ issuer: 'https://evil.example/' })}`],
    ['an expired token', async () => `Bearer ${await signToken({ expiresIn: -120 })}`],
    [
      'a tampered payload',
      async () => {
        const [head, , sig] = (await signToken({ sub: 'auth0|eve' })).split('.');
        const now = Math.floor(Date.now() / 1000);
        const forged = b64url({ sub: 'auth0|admin', iss: testIssuer(), aud: testAudience(), exp: now + 600 });
        return `Bearer ${head}.${forged}.${sig}`;
      },
    ],
    [
      'a key the issuer never published (unknown kid)',
      async () => `Bearer ${await signedByAnotherKey('attacker-key')}`,
    ],
    [
      "the issuer's kid on another key",
      async () =>
        `Bearer ${await signedByAnotherKey((JSON.parse(process.env.TEST_ISSUER_JWK ?? '{}') as JWK).kid ?? '')}`,
    ],
  ];

  it.each(rejected)('answers %s with 401 and no detail', async (_name, header) => {
    const value = await header();
    const response = await call(value ? { authorization: value } : {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Sign in to continue' });
  });

  it('refetches the key set for an unknown kid, but not on every such token', async () => {
    const forged = () => signedByAnotherKey(`rotated-${Math.random()}`);
    await call(await authHeader());
    const before = await jwksHits();
    for (let i = 0; i < 5; i++) await call({ authorization: `Bearer ${await forged()}` });
    // One refetch at most within the 30 s cooldown, however many unknown kids arrive.
    expect((await jwksHits()) - before).toBeLessThanOrEqual(1);
  });
});

describe('visitor-or-user calls', () => {
  // Enumerated from the function files' own declaration, so a new such endpoint joins.
  const files = readdirSync(new URL('../../functions/', import.meta.url)).filter((f) => f.endsWith('.ts'));

  it.each([
    ['an empty Bearer', 'Bearer '],
    ['Basic', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['no scheme', 'eyJhbGciOiJSUzI1NiJ9.e30.sig'],
    ['two tokens', 'Bearer a.b.c Bearer d.e.f'],
    ['an empty header', ''],
  ])('answer 401 to a malformed Authorization header (%s), never a visitor view', async (_name, value) => {
    let checked = 0;
    for (const file of files) {
      const handler = (await import(`../../functions/${file}`)).default as {
        access?: string;
        entry?: { method: string };
        (request: Request): Promise<Response>;
      };
      if (handler.access !== 'visitor-or-user') continue;
      const path = `/api/${file.replace(/\.ts$/, '')}`;
      const response = await handler(
        new Request(`http://localhost${path}`, {
          method: handler.entry?.method ?? 'POST',
          headers: { 'content-type': 'application/json', authorization: value },
          body: '{}',
        }),
      );
      expect(response.status, `${file}: ${value}`).toBe(401);
      expect(await response.json()).toEqual({ error: 'Sign in to continue' });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});
