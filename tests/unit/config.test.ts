import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/_lib/config.ts';

const base = {
  UPSTASH_REDIS_REST_URL: 'https://eu1-fine-cat.upstash.io',
  UPSTASH_REDIS_REST_TOKEN: 'tok',
  AUTH0_DOMAIN: 'otcedge.us.auth0.com',
  AUTH0_AUDIENCE: 'https://api.otcedge.app',
};

describe('loadConfig', () => {
  it('reads the store and Auth0 settings; the local identity admin by default', () => {
    expect(loadConfig(base)).toEqual({
      store: { url: 'https://eu1-fine-cat.upstash.io', token: 'tok' },
      auth: {
        issuer: 'https://otcedge.us.auth0.com/',
        audience: 'https://api.otcedge.app',
        jwksUrl: 'https://otcedge.us.auth0.com/.well-known/jwks.json',
      },
      identityAdmin: { kind: 'local' },
    });
  });

  it.each([
    ['otcedge.us.auth0.com', 'https://otcedge.us.auth0.com/'],
    ['https://otcedge.us.auth0.com/', 'https://otcedge.us.auth0.com/'],
    ['http://localhost:8889', 'http://localhost:8889/'],
  ])('derives the issuer from AUTH0_DOMAIN %s → %s', (domain, issuer) => {
    expect(loadConfig({ ...base, AUTH0_DOMAIN: domain }).auth.issuer).toBe(issuer);
  });

  it('chooses the Auth0 Management API adapter when asked, with its credentials', () => {
    const config = loadConfig({
      ...base,
      IDENTITY_ADMIN: 'auth0',
      AUTH0_MGMT_CLIENT_ID: 'm2m',
      AUTH0_MGMT_CLIENT_SECRET: 'shh',
    });
    expect(config.identityAdmin).toEqual({
      kind: 'auth0',
      domain: 'otcedge.us.auth0.com',
      clientId: 'm2m',
      clientSecret: 'shh',
      connection: 'Username-Password-Authentication',
    });
  });

  it.each([
    [
      {},
      /UPSTASH_REDIS_REST_URL must be.*UPSTASH_REDIS_REST_TOKEN must be.*AUTH0_DOMAIN must be.*AUTH0_AUDIENCE must be/s,
    ],
    [{ ...base, UPSTASH_REDIS_REST_URL: 'not a url' }, /UPSTASH_REDIS_REST_URL must be the REST URL/],
    [{ ...base, UPSTASH_REDIS_REST_TOKEN: '' }, /UPSTASH_REDIS_REST_TOKEN must be/],
    [{ ...base, IDENTITY_ADMIN: 'okta' }, /IDENTITY_ADMIN must be "auth0" or "local"/],
    [{ ...base, IDENTITY_ADMIN: 'auth0' }, /AUTH0_MGMT_CLIENT_ID must be.*AUTH0_MGMT_CLIENT_SECRET must be/s],
  ])('fails fast with every problem named: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes a secret value in its error', () => {
    const error = captureError(() => loadConfig({ ...base, UPSTASH_REDIS_REST_URL: 'sekrit-value' }));
    expect(error.message).toContain('UPSTASH_REDIS_REST_URL');
    expect(error.message).not.toContain('sekrit');
  });
});

function captureError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
