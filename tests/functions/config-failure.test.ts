// A function whose settings are incomplete answers a logged 500 with the generic message: the caller
// learns nothing of the configuration, the log names what is missing, and no value is written.
// Its own file: the functions read their settings once per instance (deps.ts), on the first request.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import appconfig from '../../functions/appconfig.ts';
import billingWebhook from '../../functions/billing-webhook.ts';
import charge from '../../functions/charge.ts';

beforeAll(() => {
  // A deploy (the test issuer's http:// origin is then refused too) with no Stripe, Discord or
  // Management API settings.
  vi.stubEnv('CONTEXT', 'production');
});

afterAll(() => {
  vi.unstubAllEnvs();
});

describe('a function on a deploy without production credentials', () => {
  it.each([
    ['appconfig', () => appconfig(new Request('http://localhost/api/appconfig'))],
    ['charge', () => charge(post('http://localhost/api/charge'))],
    ['billing/webhook', () => billingWebhook(post('http://localhost/api/billing/webhook'))],
  ])('%s answers a logged 500 that names no setting and no value', async (_, call) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await call();
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ error: 'Something went wrong. Please try again.' });
      expect(text).not.toMatch(/STRIPE|DISCORD|AUTH0|UPSTASH/);
      expect(log).toHaveBeenCalledOnce();
      const logged = String(log.mock.calls[0]);
      expect(logged).toContain('ConfigError');
      expect(logged).toMatch(
        /STRIPE_SECRET_KEY must be.*DISCORD_BOT_TOKEN must be.*AUTH0_MGMT_CLIENT_ID must be/s,
      );
      for (const value of [process.env.UPSTASH_REDIS_REST_TOKEN, process.env.AUTH0_DOMAIN]) {
        expect(logged).not.toContain(value);
      }
    } finally {
      log.mockRestore();
    }
  });
});

function post(url: string): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    body: '{}',
  });
}
