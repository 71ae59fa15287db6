import { z } from 'zod';
import { onNetlifyDeploy } from './deploy-context.ts';
import { mailSettings } from './mail/settings.ts';
import type { SmtpSettings } from './mail/smtp-mailer.ts';
import { type KeySource, keySource, type MarketConfig, marketSettings } from './market/settings.ts';

/**
 * Every setting the functions read, validated once at start-up. Adapters are chosen
 * from this object only, never from process.env scattered through the code.
 */
const url = (what: string) => z.url({ error: `must be ${what}` });
const required = (what: string) => z.string({ error: `must be ${what}` }).min(1, `must be ${what}`);

const pattern = (regex: RegExp, what: string) =>
  z.string({ error: `must be ${what}` }).regex(regex, `must be ${what}`);

const storeSchema = z.object({
  UPSTASH_REDIS_REST_URL: url('the REST URL of the Upstash database (https://…)'),
  UPSTASH_REDIS_REST_TOKEN: required('the REST token of the Upstash database'),
});

const baseSchema = storeSchema.extend({
  // Rewardful's public API key (it is in every page that loads its script): unset, no tracking script.
  REWARDFUL_API_KEY: pattern(/^[A-Za-z0-9_-]{1,64}$/, "Rewardful's API key (Settings → Company in Rewardful)")
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AUTH0_DOMAIN: required('the Auth0 tenant domain (your-tenant.us.auth0.com) or a local provider URL'),
  AUTH0_AUDIENCE: required('the identifier of the Auth0 API the member app requests tokens for'),
  AUTH0_CLIENT_ID: required('the client id of the Auth0 single-page application (the member app)'),
});

const auth0AdminSchema = z.object({
  AUTH0_MGMT_CLIENT_ID: required('the client id of the machine-to-machine app for the Management API'),
  AUTH0_MGMT_CLIENT_SECRET: required(
    'the client secret of the machine-to-machine app for the Management API',
  ),
  AUTH0_DB_CONNECTION: z.string().min(1).default('Username-Password-Authentication'),
});

const stripeSchema = z.object({
  STRIPE_SECRET_KEY: pattern(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key (sk_live_… or sk_test_…)'),
  STRIPE_WEBHOOK_SECRET: pattern(/^whsec_\w+$/, 'the webhook signing secret (whsec_…)'),
  STRIPE_PUBLISHABLE_KEY: pattern(/^pk_(test|live)_\w+$/, 'the publishable key (pk_…)'),
  STRIPE_PRICE_MONTHLY: pattern(/^price_\w+$/, 'the monthly price id (price_…)'),
  STRIPE_PRICE_YEARLY: pattern(/^price_\w+$/, 'the yearly price id (price_…)'),
});

const snowflake = (what: string) => pattern(/^\d{17,20}$/, `${what} (a Discord id: 17 to 20 digits)`);

const discordSchema = z.object({
  DISCORD_BOT_TOKEN: pattern(/^[\w.-]{30,}$/, 'the bot token of the Discord application (its Bot page)'),
  DISCORD_GUILD_ID: snowflake('the id of the Discord server'),
  DISCORD_INVITE_CHANNEL_ID: snowflake('the id of the channel invites lead to'),
  DISCORD_MEMBER_ROLE_ID: snowflake("the id of the role that opens the members' channels"),
  // Overridable so tests can point the adapter at a local recording server.
  DISCORD_API_URL: url('the Discord API base URL').default('https://discord.com/api/v10'),
});

const localChatSchema = z.object({
  // Set by `npm start` to the local invite pages; the default is where they would be for PORT 8888.
  LOCAL_CHAT_URL: url('the URL of the local chat invite pages').default('http://localhost:8890'),
});

export type ChatConfig =
  | { kind: 'local'; inviteBase: string }
  | {
      kind: 'discord';
      botToken: string;
      guildId: string;
      channelId: string;
      roleId: string;
      apiBase: string;
    };

export type BillingConfig =
  | { kind: 'local' }
  | { kind: 'stripe'; secretKey: string; webhookSecret: string; prices: { monthly: string; yearly: string } };

export type IdentityAdminConfig =
  | { kind: 'local' }
  | { kind: 'auth0'; domain: string; clientId: string; clientSecret: string; connection: string };

export interface Config {
  store: { url: string; token: string };
  auth: { issuer: string; audience: string; jwksUrl: string };
  identityAdmin: IdentityAdminConfig;
  billing: BillingConfig;
  chat: ChatConfig;
  /** The SMTP server member emails go through (docs/mail.md); locally the mail catcher. */
  mail: SmtpSettings;
  /** Price bars for the trade review (docs/market-data.md): Massive, or none without a key. */
  market: MarketConfig;
  /** What the browser needs to start a sign-in (served by /api/appconfig; nothing secret). */
  browser: BrowserConfig;
}

export interface BrowserConfig {
  auth: { domain: string; clientId: string; audience: string };
  /** Stripe's publishable key, or null for the local test card field. */
  billing: { publishableKey: string | null };
  /** Rewardful's public API key: its tracking script loads on /payment only when set. */
  affiliate: { rewardfulKey: string | null };
  /** Whose Massive key fetches price bars (MASSIVE_KEY_SOURCE): /account asks about a member's own only in member mode. */
  marketData: { keys: KeySource };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Only the store settings: for tools that load content into the store (npm run content:seed). */
export function loadStoreConfig(env: Record<string, string | undefined> = process.env): Config['store'] {
  const e = parse(storeSchema, env);
  return { url: e.UPSTASH_REDIS_REST_URL, token: e.UPSTASH_REDIS_REST_TOKEN };
}

/**
 * Local stand-ins (test-card billing, the local invite pages, the local user store) are for this
 * machine only, so they are chosen only when BOTH hold:
 * - the sign-in provider is the local one (AUTH0_DOMAIN is its http:// origin), and
 * - nothing says the functions run on a Netlify deploy (deploy-context.ts; Netlify's local tooling,
 *   CONTEXT=dev, is not a deploy, so `netlify dev` and `npm run dev` keep their stand-ins).
 * Otherwise Stripe, Discord and the Management API are required, and a missing setting stops the
 * function with a ConfigError naming it: a silent stand-in would sell memberships for a test card.
 * Locally a real provider may still be set (its secret key or bot token), and is then used.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  runtime: { deployContext?: string | null } = {},
): Config {
  const problems: string[] = [];
  const e = check(baseSchema, env, problems);
  const deployed = onNetlifyDeploy(env, runtime.deployContext);
  // Judged from the raw setting, so a missing AUTH0_DOMAIN fails closed too.
  const localProvider = env.AUTH0_DOMAIN?.startsWith('http://') ?? false;
  if (deployed && localProvider)
    problems.push(
      'AUTH0_DOMAIN must be the Auth0 tenant domain on a deployed site (not a local http:// provider)',
    );
  const standIns = localProvider && !deployed;
  // A real provider when its key is set (then every one of its settings is required) or when no
  // stand-in may be used; the stand-in otherwise.
  const stripe = env.STRIPE_SECRET_KEY || !standIns ? check(stripeSchema, env, problems) : null;
  const chat = env.DISCORD_BOT_TOKEN || !standIns ? discordChat(env, problems) : localChat(env, problems);
  // The local provider owns its users itself: whoever issues the tokens changes emails and passwords.
  const identityAdmin = standIns ? ({ kind: 'local' } as const) : auth0Admin(env, problems);
  const mail = mailSettings(env, standIns, problems);
  const market = marketSettings(env, standIns, problems);
  if (!e || !chat || !identityAdmin || !mail || !market || problems.length > 0) {
    const why = standIns
      ? ''
      : deployed
        ? ' (a deployed site uses no local stand-in)'
        : ' (local stand-ins run only with the local http:// sign-in provider)';
    throw new ConfigError(`Invalid configuration${why}: ${problems.join('; ')}`);
  }
  // Auth0's issuer is https://{domain}/; the local provider is given with its http:// origin.
  const origin = /^https?:\/\//.test(e.AUTH0_DOMAIN) ? e.AUTH0_DOMAIN : `https://${e.AUTH0_DOMAIN}`;
  const issuer = `${origin.replace(/\/+$/, '')}/`;
  return {
    store: { url: e.UPSTASH_REDIS_REST_URL, token: e.UPSTASH_REDIS_REST_TOKEN },
    auth: { issuer, audience: e.AUTH0_AUDIENCE, jwksUrl: `${issuer}.well-known/jwks.json` },
    identityAdmin:
      identityAdmin.kind === 'local' ? identityAdmin : { ...identityAdmin, domain: new URL(issuer).host },
    billing: stripe
      ? {
          kind: 'stripe',
          secretKey: stripe.STRIPE_SECRET_KEY,
          webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
          prices: { monthly: stripe.STRIPE_PRICE_MONTHLY, yearly: stripe.STRIPE_PRICE_YEARLY },
        }
      : { kind: 'local' },
    chat,
    mail,
    market,
    // The SDK takes a bare host for Auth0 (https implied) and a full origin for the local provider.
    browser: {
      auth: {
        domain: localProvider ? issuer.slice(0, -1) : new URL(issuer).host,
        clientId: e.AUTH0_CLIENT_ID,
        audience: e.AUTH0_AUDIENCE,
      },
      billing: { publishableKey: stripe?.STRIPE_PUBLISHABLE_KEY ?? null },
      affiliate: { rewardfulKey: e.REWARDFUL_API_KEY ?? null },
      marketData: { keys: keySource(market) },
    },
  };
}

function auth0Admin(
  env: Record<string, string | undefined>,
  problems: string[],
): Omit<Extract<IdentityAdminConfig, { kind: 'auth0' }>, 'domain'> | null {
  const e = check(auth0AdminSchema, env, problems);
  if (!e) return null;
  return {
    kind: 'auth0',
    clientId: e.AUTH0_MGMT_CLIENT_ID,
    clientSecret: e.AUTH0_MGMT_CLIENT_SECRET,
    connection: e.AUTH0_DB_CONNECTION,
  };
}

function discordChat(env: Record<string, string | undefined>, problems: string[]): ChatConfig | null {
  const e = check(discordSchema, env, problems);
  if (!e) return null;
  return {
    kind: 'discord',
    botToken: e.DISCORD_BOT_TOKEN,
    guildId: e.DISCORD_GUILD_ID,
    channelId: e.DISCORD_INVITE_CHANNEL_ID,
    roleId: e.DISCORD_MEMBER_ROLE_ID,
    apiBase: e.DISCORD_API_URL,
  };
}

function localChat(env: Record<string, string | undefined>, problems: string[]): ChatConfig | null {
  const e = check(localChatSchema, env, problems);
  return e ? { kind: 'local', inviteBase: e.LOCAL_CHAT_URL } : null;
}

function parse<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.output<S> {
  const problems: string[] = [];
  const parsed = check(schema, env, problems);
  if (parsed === null) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return parsed;
}

/** The parsed settings, or null with every problem added: names and rules only, never a value. */
function check<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  problems: string[],
): z.output<S> | null {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  return null;
}
