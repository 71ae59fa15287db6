// Local stand-ins (test-card billing, local invites, the local user store) only ever run on this
// machine: with an Auth0 tenant or on a Netlify deploy, a missing production credential stops the
// function with a ConfigError naming it, instead of quietly choosing the stand-in.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/_lib/config.ts';
import { onNetlifyDeploy } from '../../functions/_lib/deploy-context.ts';
import { discordEnv, local, managementEnv, production, stripeEnv } from '../support/config-env.ts';

type Env = Record<string, string | undefined>;

/** Where no stand-in may run, and why: settings beside an Auth0 tenant, or what Netlify sets on a deploy. */
const noStandIns: [string, Env, string | null][] = [
  ['an Auth0 tenant domain', { AUTH0_DOMAIN: 'otcedge.us.auth0.com' }, null],
  ['an Auth0 tenant given as an https URL', { AUTH0_DOMAIN: 'https://otcedge.us.auth0.com/' }, null],
  ['a production build (CONTEXT=production)', { ...local, CONTEXT: 'production' }, null],
  ['a deploy preview (CONTEXT=deploy-preview)', { ...local, CONTEXT: 'deploy-preview' }, null],
  ['a branch deploy (CONTEXT=branch-deploy)', { ...local, CONTEXT: 'branch-deploy' }, null],
  ['a Netlify build (NETLIFY=true)', { ...local, NETLIFY: 'true' }, null],
  ['a deployed function (SITE_ID)', { ...local, SITE_ID: '1d01c0c0-4554-4747-93b8-34ce3448ab95' }, null],
  ["a request's deploy context", { ...local }, 'production'],
  ["a request's deploy context beside CONTEXT=dev", { ...local, CONTEXT: 'dev' }, 'deploy-preview'],
];

/** Each port's production credentials, and the stand-in a missing one used to fall back to. */
const ports: [string, Env][] = [
  ['billing (Stripe)', stripeEnv],
  ['identity admin (Auth0 Management API)', managementEnv],
  ['chat (Discord bot)', discordEnv],
];

describe.each(ports)('%s', (_port, credentials) => {
  const names = Object.keys(credentials);

  it.each(noStandIns)('is required with %s: every missing setting named, no value', (_, where, deploy) => {
    const env = withoutKeys({ ...production, ...where }, names);
    const error = captureError(() => loadConfig(env, { deployContext: deploy }));
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of names) expect(error.message).toMatch(new RegExp(`\\b${name} must be`));
    for (const value of Object.values(env))
      if (value && value.length > 4) expect(error.message).not.toContain(value);
  });

  it.each(noStandIns)('is required when only its key is left out, with %s', (_, where, deploy) => {
    const [first] = names;
    const env = withoutKeys({ ...production, ...where }, [first as string]);
    expect(() => loadConfig(env, { deployContext: deploy })).toThrow(new RegExp(`\\b${first} must be`));
  });
});

describe('on a Netlify deploy', () => {
  it("refuses the local provider's http:// origin, whatever else is set", () => {
    expect(() =>
      loadConfig({ ...production, AUTH0_DOMAIN: 'http://localhost:8889', CONTEXT: 'production' }),
    ).toThrow(/deployed site.*AUTH0_DOMAIN must be the Auth0 tenant domain/);
  });

  it('uses every real provider when every credential is set', () => {
    const config = loadConfig(
      { ...production, CONTEXT: 'production', SITE_ID: 'site' },
      { deployContext: 'production' },
    );
    expect([config.billing.kind, config.chat.kind, config.identityAdmin.kind]).toEqual([
      'stripe',
      'discord',
      'auth0',
    ]);
  });
});

describe('on this machine, with the local provider', () => {
  // `npm start` and the tests set none of Netlify's variables; Netlify's own local tooling (`netlify
  // dev`, the vite plugin behind `npm run dev`) sets CONTEXT=dev, and SITE_ID too on a linked site.
  it.each<[string, Env, string | null]>([
    ['npm start and the tests', local, null],
    ['netlify dev / npm run dev (CONTEXT=dev)', { ...local, CONTEXT: 'dev', NETLIFY_LOCAL: 'true' }, null],
    [
      'netlify dev on a linked site',
      { ...local, CONTEXT: 'dev', SITE_ID: 'site', NETLIFY_DEV: 'true' },
      null,
    ],
    ["Netlify's local runtime (no deploy context on its requests)", { ...local, CONTEXT: 'dev' }, ''],
  ])('keeps the stand-ins under %s', (_, env, deploy) => {
    const config = loadConfig(env, { deployContext: deploy });
    expect([config.billing.kind, config.chat.kind, config.identityAdmin.kind]).toEqual([
      'local',
      'local',
      'local',
    ]);
  });
});

describe('onNetlifyDeploy', () => {
  it.each<[Env, string | null | undefined, boolean]>([
    [{}, undefined, false],
    [{ CONTEXT: 'dev' }, null, false],
    [{ CONTEXT: 'dev', SITE_ID: 'site' }, '', false],
    [{ CONTEXT: 'production' }, null, true],
    [{ CONTEXT: 'deploy-preview' }, null, true],
    [{ CONTEXT: 'branch-deploy' }, null, true],
    [{ CONTEXT: 'dev-server' }, null, true],
    [{ CONTEXT: 'my-feature-branch' }, null, true],
    [{ NETLIFY: 'true' }, null, true],
    [{ NETLIFY: 'false' }, null, false],
    [{ SITE_ID: 'site' }, null, true],
    // Netlify's local function runtime (lambda-local) sets Lambda's variables too: no sign of a deploy.
    [{ AWS_LAMBDA_FUNCTION_NAME: 'fn', LAMBDA_TASK_ROOT: '/work' }, '', false],
    [{}, 'production', true],
    [{ CONTEXT: 'dev' }, 'production', true],
    [{}, 'dev', false],
  ])('%j with request context %j → %s', (env, requestContext, deployed) => {
    expect(onNetlifyDeploy(env, requestContext)).toBe(deployed);
  });
});

function withoutKeys(env: Env, keys: string[]): Env {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key)));
}

function captureError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
