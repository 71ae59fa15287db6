import { describe, expect, it } from 'vitest';
import appConfig from '../../functions/appconfig.ts';

describe('GET /api/appconfig', () => {
  it('tells the browser where to sign in, cacheable, with nothing secret', async () => {
    const response = await appConfig(new Request('http://localhost/api/appconfig'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const body = await response.json();
    // The test issuer is a local (http://) provider: the SDK gets its full origin.
    expect(body).toEqual({
      auth: {
        domain: (process.env.AUTH0_DOMAIN ?? '').replace(/\/$/, ''),
        clientId: 'otc-edge-test',
        audience: process.env.AUTH0_AUDIENCE,
      },
      // No Stripe keys in the test environment: the local test card field.
      billing: { publishableKey: null },
      // No affiliate service configured: its tracking script is never loaded.
      affiliate: { rewardfulKey: null },
      // The operator's key serves every member: /account asks for no key of theirs.
      marketData: { keys: 'operator' },
    });
    expect(JSON.stringify(body)).not.toMatch(/UPSTASH|secret|token/i);
  });

  it('answers only GET', async () => {
    const response = await appConfig(new Request('http://localhost/api/appconfig', { method: 'POST' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
