import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadStoreConfig } from '../../functions/_lib/config.ts';
import { discordEnv, local, production, stripeEnv } from '../support/config-env.ts';

describe('loadConfig', () => {
  it('a deployed site without its mail server names each missing setting', () => {
    const { SMTP_URL: _url, MAIL_FROM: _from, ...withoutMail } = production;
    expect(() => loadConfig(withoutMail)).toThrow(/SMTP_URL .*MAIL_FROM|MAIL_FROM .*SMTP_URL/);
  });

  it('reads every setting of an Auth0 tenant, with Stripe, Discord and the Management API', () => {
    expect(loadConfig(production)).toEqual({
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
      billing: {
        kind: 'stripe',
        secretKey: 'sk_test_abc',
        webhookSecret: 'whsec_abc',
        prices: { monthly: 'price_month', yearly: 'price_year' },
      },
      chat: {
        kind: 'discord',
        botToken: discordEnv.DISCORD_BOT_TOKEN,
        guildId: '123456789012345678',
        channelId: '223456789012345678',
        roleId: '323456789012345678',
        apiBase: 'https://discord.com/api/v10',
      },
      mail: { url: 'smtps://apikey:secret@smtp.example.com:465', from: 'OTC Edge <members@otcedge.app>' },
      market: { kind: 'none', ratePerMinute: 5 },
      browser: {
        auth: { domain: 'otcedge.us.auth0.com', clientId: 'spa-client', audience: 'https://api.otcedge.app' },
        billing: { publishableKey: 'pk_test_abc' },
        affiliate: { rewardfulKey: null },
        marketData: { keys: 'operator' },
      },
    });
  });

  it("hands the browser Rewardful's public key when set, and refuses a malformed one", () => {
    expect(loadConfig({ ...production, REWARDFUL_API_KEY: 'a1b2c3' }).browser.affiliate).toEqual({
      rewardfulKey: 'a1b2c3',
    });
    expect(loadConfig({ ...production, REWARDFUL_API_KEY: '' }).browser.affiliate).toEqual({
      rewardfulKey: null,
    });
    expect(() => loadConfig({ ...production, REWARDFUL_API_KEY: '<script>' })).toThrow(
      /REWARDFUL_API_KEY must be/,
    );
  });

  it('uses local stand-ins with the local provider: test billing, local invites, the local user store', () => {
    const config = loadConfig(local);
    expect(config.billing).toEqual({ kind: 'local' });
    expect(config.chat).toEqual({ kind: 'local', inviteBase: 'http://localhost:8890' });
    expect(config.identityAdmin).toEqual({ kind: 'local' });
    expect(config.browser.billing).toEqual({ publishableKey: null });
  });

  it('uses Stripe when its secret key is set, and hands the browser only the publishable key', () => {
    const config = loadConfig({ ...local, ...stripeEnv });
    expect(config.billing).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      prices: { monthly: 'price_month', yearly: 'price_year' },
    });
    expect(config.browser.billing).toEqual({ publishableKey: 'pk_test_abc' });
  });

  it('uses Discord when its bot token is set, on the v10 API unless told otherwise', () => {
    expect(loadConfig({ ...local, ...discordEnv }).chat).toEqual({
      kind: 'discord',
      botToken: discordEnv.DISCORD_BOT_TOKEN,
      guildId: '123456789012345678',
      channelId: '223456789012345678',
      roleId: '323456789012345678',
      apiBase: 'https://discord.com/api/v10',
    });
    expect(
      loadConfig({ ...local, ...discordEnv, DISCORD_API_URL: 'http://127.0.0.1:9/api' }).chat,
    ).toMatchObject({
      apiBase: 'http://127.0.0.1:9/api',
    });
  });

  it('names every missing or malformed Discord setting, never the token', () => {
    const error = captureError(() =>
      loadConfig({ ...local, DISCORD_BOT_TOKEN: 'short-secret-token', DISCORD_GUILD_ID: 'my-server' }),
    );
    expect(error.message).toMatch(
      /DISCORD_BOT_TOKEN must be.*DISCORD_GUILD_ID must be.*DISCORD_INVITE_CHANNEL_ID must be.*DISCORD_MEMBER_ROLE_ID must be/s,
    );
    expect(error.message).not.toContain('short-secret-token');
  });

  it('points local invites at LOCAL_CHAT_URL when set', () => {
    expect(loadConfig({ ...local, LOCAL_CHAT_URL: 'http://localhost:3002' }).chat).toEqual({
      kind: 'local',
      inviteBase: 'http://localhost:3002',
    });
  });

  it('names every missing Stripe setting once the secret key is set', () => {
    expect(() => loadConfig({ ...local, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be.*STRIPE_PUBLISHABLE_KEY must be.*STRIPE_PRICE_MONTHLY must be.*STRIPE_PRICE_YEARLY must be/s,
    );
  });

  it('hands the browser the local provider as a full origin', () => {
    expect(loadConfig({ ...local, AUTH0_DOMAIN: 'http://localhost:8889/' }).browser.auth.domain).toBe(
      'http://localhost:8889',
    );
  });

  it.each([
    ['otcedge.us.auth0.com', 'https://otcedge.us.auth0.com/'],
    ['https://otcedge.us.auth0.com/', 'https://otcedge.us.auth0.com/'],
    ['http://localhost:8889', 'http://localhost:8889/'],
  ])('derives the issuer from AUTH0_DOMAIN %s → %s', (domain, issuer) => {
    expect(loadConfig({ ...production, AUTH0_DOMAIN: domain }).auth.issuer).toBe(issuer);
  });

  it('uses the local user store with the local provider, which needs no Management API credentials', () => {
    expect(loadConfig(local).identityAdmin).toEqual({
      kind: 'local',
    });
  });

  it.each([
    [
      {},
      /UPSTASH_REDIS_REST_URL must be.*UPSTASH_REDIS_REST_TOKEN must be.*AUTH0_DOMAIN must be.*AUTH0_AUDIENCE must be.*AUTH0_CLIENT_ID must be/s,
    ],
    [{ ...production, UPSTASH_REDIS_REST_URL: 'not a url' }, /UPSTASH_REDIS_REST_URL must be the REST URL/],
    [{ ...production, UPSTASH_REDIS_REST_TOKEN: '' }, /UPSTASH_REDIS_REST_TOKEN must be/],
    [
      { ...production, AUTH0_MGMT_CLIENT_ID: undefined, AUTH0_MGMT_CLIENT_SECRET: '' },
      /AUTH0_MGMT_CLIENT_ID must be.*AUTH0_MGMT_CLIENT_SECRET must be/s,
    ],
  ])('fails fast with every problem named: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes a secret value in its error', () => {
    const error = captureError(() => loadConfig({ ...production, UPSTASH_REDIS_REST_URL: 'sekrit-value' }));
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

describe('market-data settings', () => {
  it('without a key the product starts, with market data not configured', () => {
    expect(loadConfig(local).market).toEqual({ kind: 'none', ratePerMinute: 5 });
    expect(loadConfig({ ...production, MASSIVE_API_KEY: '' }).market).toEqual({
      kind: 'none',
      ratePerMinute: 5,
    });
  });

  it('a key selects Massive at its default address, with the plan’s rate', () => {
    expect(
      loadConfig({ ...production, MASSIVE_API_KEY: 'AbC_def-123456', MASSIVE_RATE_PER_MINUTE: '6000' })
        .market,
    ).toEqual({
      kind: 'massive',
      apiKey: 'AbC_def-123456',
      apiBase: 'https://api.massive.com',
      ratePerMinute: 6000,
      synthetic: false,
    });
  });

  it('a plain http:// address is the local stand-in only: its bars are marked made up', () => {
    const standIn = { MASSIVE_API_KEY: 'local-0123456789', MASSIVE_API_URL: 'http://127.0.0.1:9100/' };
    expect(loadConfig({ ...local, ...standIn }).market).toMatchObject({
      apiBase: 'http://127.0.0.1:9100',
      synthetic: true,
    });
    expect(() => loadConfig({ ...production, ...standIn })).toThrow(/MASSIVE_API_URL must be an https/);
  });

  it('names a malformed rate or key', () => {
    expect(() => loadConfig({ ...local, MASSIVE_RATE_PER_MINUTE: 'lots' })).toThrow(
      /MASSIVE_RATE_PER_MINUTE/,
    );
    expect(() => loadConfig({ ...local, MASSIVE_RATE_PER_MINUTE: '0' })).toThrow(/MASSIVE_RATE_PER_MINUTE/);
    expect(() => loadConfig({ ...local, MASSIVE_API_KEY: 'has spaces in it' })).toThrow(/MASSIVE_API_KEY/);
  });

  it("uses the operator's key unless MASSIVE_KEY_SOURCE says member", () => {
    expect(loadConfig(local).market.members).toBeUndefined();
    expect(loadConfig({ ...local, MASSIVE_KEY_SOURCE: 'operator' }).market.members).toBeUndefined();
    expect(loadConfig({ ...local, MASSIVE_KEY_SOURCE: '' }).market.members).toBeUndefined();
    expect(loadConfig(local).browser.marketData).toEqual({ keys: 'operator' });
    expect(
      loadConfig({ ...local, MASSIVE_KEY_SOURCE: 'member', MARKET_KEY_SECRET: 'x'.repeat(32) }).browser
        .marketData,
    ).toEqual({ keys: 'member' });
    expect(() => loadConfig({ ...local, MASSIVE_KEY_SOURCE: 'members' })).toThrow(
      /MASSIVE_KEY_SOURCE must be 'operator' .* or 'member'/,
    );
  });

  it('member mode needs MARKET_KEY_SECRET, locally and deployed (fail closed), and needs no operator key', () => {
    const secret = 'x'.repeat(32);
    for (const env of [local, production])
      expect(() => loadConfig({ ...env, MASSIVE_KEY_SOURCE: 'member' })).toThrow(
        /MARKET_KEY_SECRET must be set when MASSIVE_KEY_SOURCE=member/,
      );
    expect(() =>
      loadConfig({ ...production, MASSIVE_KEY_SOURCE: 'member', MARKET_KEY_SECRET: 'short' }),
    ).toThrow(/MARKET_KEY_SECRET must be a random secret of at least 32 characters/);
    expect(
      loadConfig({ ...production, MASSIVE_KEY_SOURCE: 'member', MARKET_KEY_SECRET: secret }).market,
    ).toEqual({
      kind: 'none',
      ratePerMinute: 5,
      members: { apiBase: 'https://api.massive.com', synthetic: false, secret },
    });
    const standIn = {
      MASSIVE_API_URL: 'http://127.0.0.1:9100',
      MASSIVE_KEY_SOURCE: 'member',
      MARKET_KEY_SECRET: secret,
    };
    expect(loadConfig({ ...local, ...standIn }).market.members).toEqual({
      apiBase: 'http://127.0.0.1:9100',
      synthetic: true,
      secret,
    });
  });
});
