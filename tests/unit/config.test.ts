import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/_lib/config.ts';

describe('loadConfig', () => {
  it('reads the store settings', () => {
    expect(
      loadConfig({
        UPSTASH_REDIS_REST_URL: 'https://eu1-fine-cat.upstash.io',
        UPSTASH_REDIS_REST_TOKEN: 'tok',
      }),
    ).toEqual({ store: { url: 'https://eu1-fine-cat.upstash.io', token: 'tok' } });
  });

  it.each([
    [{}, /UPSTASH_REDIS_REST_URL .*UPSTASH_REDIS_REST_TOKEN/s],
    [
      { UPSTASH_REDIS_REST_URL: 'not a url', UPSTASH_REDIS_REST_TOKEN: 'x' },
      /UPSTASH_REDIS_REST_URL must be the REST URL/,
    ],
    [
      { UPSTASH_REDIS_REST_URL: 'https://x.upstash.io', UPSTASH_REDIS_REST_TOKEN: '' },
      /UPSTASH_REDIS_REST_TOKEN must be/,
    ],
  ])('fails fast with every problem named: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes a secret value in its error', () => {
    const error = captureError(() =>
      loadConfig({ UPSTASH_REDIS_REST_URL: 'sekrit-value', UPSTASH_REDIS_REST_TOKEN: 't' }),
    );
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
