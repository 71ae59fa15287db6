import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureOperator } from '../../functions/_lib/identity/local-users.ts';
import { createStore, type Store } from '../../functions/_lib/store.ts';
import { seedStore } from '../seed.ts';
import { startChild } from './child.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { startRedis } from './redis.ts';

export interface LocalStack {
  env: Record<string, string>;
  redisUrl: string;
  /** The local mail catcher's web inbox (docs/mail.md). */
  mailUrl: string;
  /** This run's key to the inbox: its REST API wants `Authorization: Bearer KEY`. */
  mailKey: string;
  /** The link that opens the inbox with its key: `npm start` prints it. */
  mailLink: string;
  /** The local operator account (docs/operator.md): `npm start` prints it. */
  operator: { email: string; password: string };
  /**
   * The market-data stand-in's key: the operator's MASSIVE_API_KEY, and in member mode
   * (`MASSIVE_KEY_SOURCE=member npm start`) the key a member saves on /account (`npm start` prints it).
   */
  marketKey: string;
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  dataDir: string;
  persist: boolean;
  /** Origins the member app is served from: the sign-in provider redirects back only to these. */
  appOrigins: string[];
  /** Port of the local sign-in provider; 0 for any. Keep it fixed between runs so sessions survive. */
  authPort: number;
  /** Start Redis again if it dies (`npm start`); given up after a crash loop, with this message. */
  onRedisGiveUp?: (message: string) => void;
  /** Port of the local chat invite pages (the stand-in for Discord); 0 for any. */
  chatPort: number;
  /** Port of the local market-data stand-in (docs/market-data.md); 0 (the default) for any. */
  marketPort?: number;
  /** Sign-ups the local provider allows per client address an hour (default 20, as oidc/signup-throttle.ts). */
  signUpsPerClientHour?: number;
}

// The API identifier and SPA client the local provider issues tokens for (Auth0's names).
export const LOCAL_AUDIENCE = 'https://api.otcedge.app';
export const LOCAL_CLIENT_ID = 'otc-edge-local';

/**
 * The embedded stand-ins behind the functions: a real redis-server (data under dataDir when
 * persist is on) reached through the Upstash REST bridge, seeded from content/, and the local
 * OpenID provider standing in for Auth0, the local chat invite pages standing in for Discord, and
 * the local market data standing in for Massive. Each runs in its own process, as the real services do.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { dataDir, persist } = options;
  const redis = await startRedis({
    dir: path.join(dataDir, 'redis'),
    persist,
    ...(options.onRedisGiveUp ? { restart: { onGiveUp: options.onRedisGiveUp } } : {}),
  });
  const token = randomBytes(24).toString('base64url');
  // Its own process, as Upstash is its own service: the functions' event loop stays theirs.
  const bridge = await startChild<{ url: string }>(
    fileURLToPath(new URL('./upstash-bridge.ts', import.meta.url)),
    [],
    { REDIS_URL: redis.url, BRIDGE_TOKEN: token },
  ).catch(async (error: unknown) => {
    await redis.stop();
    throw error;
  });
  const storeEnv = { UPSTASH_REDIS_REST_URL: bridge.info.url, UPSTASH_REDIS_REST_TOKEN: token };
  let provider: { stop(): Promise<void> } | undefined;
  let chat: { stop(): Promise<void> } | undefined;
  let market: { stop(): Promise<void> } | undefined;
  let mail: MailCatcher | undefined;
  const stop = async () => {
    await mail?.stop().catch(() => {});
    await market?.stop().catch(() => {});
    await chat?.stop().catch(() => {});
    await provider?.stop().catch(() => {});
    await bridge.stop().catch(() => {});
    await redis.stop();
  };
  let env: Record<string, string>;
  let operator: LocalStack['operator'];
  let marketKey: string;
  try {
    const store = createStore({ url: bridge.info.url, token });
    await seedStore(store);
    operator = await localOperator(store, dataDir);
    // A real SMTP server that keeps every email the product sends, with a web inbox to read them;
    // first, so the sign-in provider's password reset emails go there too.
    mail = await startMailCatcher();
    const smtpUrl = `smtp://127.0.0.1:${mail.smtpPort}`;
    const oidc = await startChild<{ url: string; issuer: string }>(
      fileURLToPath(new URL('./oidc/provider.ts', import.meta.url)),
      [],
      {
        ...storeEnv,
        OIDC_DATA_DIR: dataDir,
        SMTP_URL: smtpUrl,
        OIDC_PORT: String(options.authPort),
        AUTH0_AUDIENCE: LOCAL_AUDIENCE,
        AUTH0_CLIENT_ID: LOCAL_CLIENT_ID,
        OIDC_APP_ORIGINS: options.appOrigins.join(','),
        ...(options.signUpsPerClientHour
          ? { OIDC_SIGNUPS_PER_CLIENT_HOUR: String(options.signUpsPerClientHour) }
          : {}),
      },
    );
    provider = oidc;
    const invites = await startChild<{ url: string }>(
      fileURLToPath(new URL('./chat-invites.ts', import.meta.url)),
      [],
      { ...storeEnv, CHAT_PORT: String(options.chatPort) },
    );
    chat = invites;
    // The stand-in for Massive's market data: made-up bars through the members' fills, offline.
    // A key of this machine's own, as the real API wants one (kept in the data folder, so a key a
    // member saved in member mode still works after a restart); a generous call budget, as a paid plan.
    marketKey = keptSecret(dataDir, 'market-api-key', () => `local-${randomBytes(12).toString('hex')}`);
    const bars = await startChild<{ url: string }>(
      fileURLToPath(new URL('./market-data.ts', import.meta.url)),
      [],
      { ...storeEnv, MASSIVE_API_KEY: marketKey, MARKET_PORT: String(options.marketPort ?? 0) },
    );
    market = bars;
    env = {
      MASSIVE_API_URL: bars.info.url,
      MASSIVE_API_KEY: marketKey,
      MASSIVE_RATE_PER_MINUTE: process.env.MASSIVE_RATE_PER_MINUTE || '600',
      // Seals members' own keys in member mode (MASSIVE_KEY_SOURCE=member); kept, so they open after a restart.
      MARKET_KEY_SECRET:
        process.env.MARKET_KEY_SECRET ||
        keptSecret(dataDir, 'market-key-secret', () => randomBytes(32).toString('base64url')),
      SMTP_URL: smtpUrl,
      LOCAL_CHAT_URL: invites.info.url,
      ...storeEnv,
      AUTH0_DOMAIN: oidc.info.url,
      AUTH0_AUDIENCE: LOCAL_AUDIENCE,
      AUTH0_CLIENT_ID: LOCAL_CLIENT_ID,
    };
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    env,
    redisUrl: redis.url,
    mailUrl: mail.webUrl,
    mailKey: mail.key,
    mailLink: mail.inboxLink,
    operator,
    marketKey,
    stop,
  } satisfies LocalStack;
}

/** A random value made once and kept in the data folder (readable by this user only). */
function keptSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept) return kept;
  const made = make();
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
}

export const LOCAL_OPERATOR_EMAIL = 'operator@otcedge.local';

/**
 * One operator account on every local stack, whose access tokens carry the operator's permissions
 * (scripts/local/oidc/accounts.ts). Its password is generated once and kept in the data folder
 * (`operator-password`, readable by this user only), not fixed: `HOST=0.0.0.0 npm start` serves
 * the product to the network, and a password written in the repository would open the console to
 * anyone there. It is printed at every start, and set again on the account if it was changed.
 */
async function localOperator(store: Store, dataDir: string): Promise<LocalStack['operator']> {
  const file = path.join(dataDir, 'operator-password');
  let password = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!password) {
    password = randomBytes(12).toString('base64url');
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
  }
  await ensureOperator(store, { email: LOCAL_OPERATOR_EMAIL, password });
  return { email: LOCAL_OPERATOR_EMAIL, password };
}
