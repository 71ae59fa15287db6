import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadStoreConfig } from '../../functions/_lib/config.ts';

const base = {
  UPSTASH_REDIS_REST_URL: 'https://eu1-fine-cat.upstash.io',
  UPSTASH_REDIS_REST_TOKEN: 'tok',
  AUTH0_DOMAIN: 'otcedge.us.auth0.com',
  AUTH0_AUDIENCE: 'https://api.otcedge.app',
  AUTH0_CLIENT_ID: 'spa-client',
  AUTH0_MGMT_CLIENT_ID: 'm2m',
  AUTH0_MGMT_CLIENT_SECRET: 'shh',
};

describe('loadConfig', () => {
  it('reads the store and Auth0 settings', () => {
    expect(loadConfig(base)).toEqual({
      store: { url: 'https://eu1-fine-cat.upstash.io', token: 'tok' },
      auth: {
        issuer: 'https://otcedge.us.auth0.com/',
        audience: 'https://api.otcedge.app',
        jwksUrl: 'https://otcedge.us.auth0.com/.well-known/jwks.json',
      },
      identityAdmin: {
        kind: 'auth0',
        domain: 'otcedge.us.auth0.com',
        clientId: 'm2m',
        clientSecret: 'shh',
        connection: 'Username-Password-Authentication',
      },
      billing: { kind: 'local' },
      browser: {
        auth: { domain: 'otcedge.us.auth0.com', clientId: 'spa-client', audience: 'https://api.otcedge.app' },
        billing: { publishableKey: null },
        affiliate: { rewardfulKey: null },
      },
    });
  });

  it("hands the browser Rewardful's public key when set, and refuses a malformed one", () => {
    expect(loadConfig({ ...base, REWARDFUL_API_KEY: 'a1b2c3' }).browser.affiliate).toEqual({
      rewardfulKey: 'a1b2c3',
    });
    expect(loadConfig({ ...base, REWARDFUL_API_KEY: '' }).browser.affiliate).toEqual({ rewardfulKey: null });
    expect(() => loadConfig({ ...base, REWARDFUL_API_KEY: '<script>' })).toThrow(/REWARDFUL_API_KEY must be/);
  });

  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    STRIPE_PRICE_MONTHLY: 'price_month',
    STRIPE_PRICE_YEARLY: 'price_year',
  };

  it('uses Stripe when its secret key is set, and hands the browser only the publishable key', () => {
    const config = loadConfig({ ...base, ...stripeEnv });
    expect(config.billing).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      prices: { monthly: 'price_month', yearly: 'price_year' },
    });
    expect(config.browser.billing).toEqual({ publishableKey: 'pk_test_abc' });
  });

  it('names every missing Stripe setting once the secret key is set', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be.*STRIPE_PUBLISHABLE_KEY must be.*STRIPE_PRICE_MONTHLY must be.*STRIPE_PRICE_YEARLY must be/s,
    );
  });

  it('hands the browser the local provider as a full origin', () => {
    expect(loadConfig({ ...base, AUTH0_DOMAIN: 'http://localhost:8889/' }).browser.auth.domain).toBe(
      'http://localhost:8889',
    );
  });

  it.each([
    ['otcedge.us.auth0.com', 'https://otcedge.us.auth0.com/'],
    ['https://otcedge.us.auth0.com/', 'https://otcedge.us.auth0.com/'],
    ['http://localhost:8889', 'http://localhost:8889/'],
  ])('derives the issuer from AUTH0_DOMAIN %s → %s', (domain, issuer) => {
    expect(loadConfig({ ...base, AUTH0_DOMAIN: domain }).auth.issuer).toBe(issuer);
  });

  it('uses the local user store with the local provider, which needs no Management API credentials', () => {
    const { AUTH0_MGMT_CLIENT_ID: _id, AUTH0_MGMT_CLIENT_SECRET: _secret, ...local } = base;
    expect(loadConfig({ ...local, AUTH0_DOMAIN: 'http://localhost:8889' }).identityAdmin).toEqual({
      kind: 'local',
    });
  });

  it.each([
    [
      {},
      /UPSTASH_REDIS_REST_URL must be.*UPSTASH_REDIS_REST_TOKEN must be.*AUTH0_DOMAIN must be.*AUTH0_AUDIENCE must be.*AUTH0_CLIENT_ID must be/s,
    ],
    [{ ...base, UPSTASH_REDIS_REST_URL: 'not a url' }, /UPSTASH_REDIS_REST_URL must be the REST URL/],
    [{ ...base, UPSTASH_REDIS_REST_TOKEN: '' }, /UPSTASH_REDIS_REST_TOKEN must be/],
    [
      { ...base, AUTH0_MGMT_CLIENT_ID: undefined, AUTH0_MGMT_CLIENT_SECRET: '' },
      /AUTH0_MGMT_CLIENT_ID must be.*AUTH0_MGMT_CLIENT_SECRET must be/s,
    ],
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

describe('loadStoreConfig', () => {
  it('needs only the store settings (content seeding runs without identity settings)', () => {
    expect(
      loadStoreConfig({ UPSTASH_REDIS_REST_URL: 'https://x.upstash.io', UPSTASH_REDIS_REST_TOKEN: 't' }),
    ).toEqual({
      url: 'https://x.upstash.io',
      token: 't',
    });
    expect(() => loadStoreConfig({})).toThrow(/UPSTASH_REDIS_REST_URL must be/);
  });
});
