import { z } from 'zod';

/**
 * Every setting the functions read, validated once at start-up. Adapters are chosen
 * from this object only, never from process.env scattered through the code.
 */
const envSchema = z.object({
  UPSTASH_REDIS_REST_URL: z.url({ message: 'must be the REST URL of the Upstash database (https://…)' }),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1, 'must be the REST token of the Upstash database'),
});

export interface Config {
  store: { url: string; token: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return { store: { url: e.UPSTASH_REDIS_REST_URL, token: e.UPSTASH_REDIS_REST_TOKEN } };
}
