import { z } from 'zod';

/**
 * Every setting the functions read, validated once at start-up. Adapters are chosen
 * from this object only, never from process.env scattered through the code.
 */
const url = (what: string) => z.url({ error: `must be ${what}` });
const required = (what: string) => z.string({ error: `must be ${what}` }).min(1, `must be ${what}`);

const baseSchema = z.object({
  UPSTASH_REDIS_REST_URL: url('the REST URL of the Upstash database (https://…)'),
  UPSTASH_REDIS_REST_TOKEN: required('the REST token of the Upstash database'),
  AUTH0_DOMAIN: required('the Auth0 tenant domain (your-tenant.us.auth0.com) or a local provider URL'),
  AUTH0_AUDIENCE: required('the identifier of the Auth0 API the member app requests tokens for'),
  IDENTITY_ADMIN: z.enum(['auth0', 'local'], { error: 'must be "auth0" or "local"' }).default('local'),
});

const auth0AdminSchema = z.object({
  AUTH0_MGMT_CLIENT_ID: required('the client id of the machine-to-machine app for the Management API'),
  AUTH0_MGMT_CLIENT_SECRET: required(
    'the client secret of the machine-to-machine app for the Management API',
  ),
  AUTH0_DB_CONNECTION: z.string().min(1).default('Username-Password-Authentication'),
});

export type IdentityAdminConfig =
  | { kind: 'local' }
  | { kind: 'auth0'; domain: string; clientId: string; clientSecret: string; connection: string };

export interface Config {
  store: { url: string; token: string };
  auth: { issuer: string; audience: string; jwksUrl: string };
  identityAdmin: IdentityAdminConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parse(baseSchema, env);
  // Auth0's issuer is https://{domain}/; a local provider is given with its http:// origin.
  const origin = /^https?:\/\//.test(e.AUTH0_DOMAIN) ? e.AUTH0_DOMAIN : `https://${e.AUTH0_DOMAIN}`;
  const issuer = `${origin.replace(/\/+$/, '')}/`;
  return {
    store: { url: e.UPSTASH_REDIS_REST_URL, token: e.UPSTASH_REDIS_REST_TOKEN },
    auth: { issuer, audience: e.AUTH0_AUDIENCE, jwksUrl: `${issuer}.well-known/jwks.json` },
    identityAdmin: e.IDENTITY_ADMIN === 'local' ? { kind: 'local' } : auth0Admin(env, new URL(issuer).host),
  };
}

function auth0Admin(env: Record<string, string | undefined>, domain: string): IdentityAdminConfig {
  const e = parse(auth0AdminSchema, env);
  return {
    kind: 'auth0',
    domain,
    clientId: e.AUTH0_MGMT_CLIENT_ID,
    clientSecret: e.AUTH0_MGMT_CLIENT_SECRET,
    connection: e.AUTH0_DB_CONNECTION,
  };
}

function parse<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}
