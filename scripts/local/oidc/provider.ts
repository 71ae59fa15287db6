// The local identity provider: oidc-provider (OpenID-certified) dressed up as an Auth0 tenant for
// @auth0/auth0-spa-js, so `npm start` and the tests sign in offline through the real SDK.
//
// What the SDK (2.27) does, and how this server meets it:
// - domain `http://localhost:PORT` → the SDK calls `${domain}/authorize`, `/oauth/token`, `/v2/logout`
//   and expects `iss` = `${domain}/` in the ID token (RS256, aud = client id, nonce, exp, iat).
// - /authorize carries `audience` (Auth0) instead of `resource` (RFC 8707): copied to `resource`, so the
//   access token is a JWT for that audience; the refresh grant reuses the granted resource.
// - /oauth/token: form-urlencoded by default (`useFormData: true`), JSON with `useFormData: false`
//   (oidc-provider only takes forms): a JSON body is converted. CORS per client (redirect URI origins).
// - /v2/logout?client_id&returnTo: ends the provider session and redirects to returnTo when it is one of
//   the client's post-logout URLs (oidc-provider's own end_session wants a confirmation POST instead).
// - `screen_hint=signup` opens the sign-up page; no consent screen (the grant is given on sign-in).
// Users live in the product store (functions/_lib/identity/local-users.ts); sessions, grants, codes and
// refresh tokens in the same store (prefix `oidc:`); keys under {dataDir}/oidc, so restarts keep both.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import Provider, {
  type AdapterPayload,
  type Configuration,
  errors,
  type Grant,
  type Interaction,
  type JWKS,
} from 'oidc-provider';
import {
  createUser,
  EmailTakenError,
  getUser,
  InvalidEmailError,
  type LocalUser,
  verifyPassword,
  WeakPasswordError,
} from '../../../functions/_lib/identity/local-users.ts';
import { createStore, type Store } from '../../../functions/_lib/store.ts';
import { onParentExit } from '../child.ts';
import { type FormState, formPage, messagePage, type Screen } from './pages.ts';

export interface OidcClientOptions {
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface OidcProviderOptions {
  store: Store;
  /** Keys are kept in {dataDir}/oidc. */
  dataDir: string;
  /** 0 or undefined: a free port. */
  port?: number;
  /** Default 127.0.0.1. The issuer's host is always `localhost`. */
  host?: string;
  /** The API identifier (`aud` of access tokens). */
  audience: string;
  /**
   * Seconds a rotated-away refresh token is still accepted (Auth0's "reuse interval"), so a client
   * retrying a refresh whose answer it lost keeps its session; after that, reuse revokes the grant.
   */
  refreshTokenReuseIntervalS?: number;
  clients: OidcClientOptions[];
}

export interface RunningOidcProvider {
  /** `http://localhost:PORT/`, with the trailing slash, as Auth0 issues tokens. */
  issuer: string;
  /** `http://localhost:PORT`: the SDK's `domain`. */
  url: string;
  close(): Promise<void>;
}

/** Claims an Auth0 Action adds in production; the functions read them from the access token. */
export const CLAIMS = {
  email: 'https://otcedge.app/email',
  customerId: 'https://otcedge.app/customer_id',
} as const;

const SCOPE = 'openid profile email offline_access';
const DAY = 24 * 60 * 60;
const GRANT_INDEX_TTL = 31 * DAY;
const MAX_FORM_BYTES = 16 * 1024;
const MAX_JSON_BYTES = 56 * 1024;

/** What `provider.use` takes: runs before oidc-provider's own routing, so without `ctx.oidc`. */
type Middleware = Parameters<Provider['use']>[0];
type RequestContext = Parameters<Middleware>[0];

// --- keys, persisted so tokens and cookies survive a restart ---

async function loadOrCreate<T>(file: string, create: () => Promise<T>): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = await create();
  try {
    // wx: two providers starting on the same dataDir at once keep the first one's keys.
    await writeFile(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as T;
  }
}

async function loadKeys(dataDir: string): Promise<{ jwks: JWKS; cookieKeys: string[] }> {
  const dir = path.join(dataDir, 'oidc');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const jwks = await loadOrCreate<JWKS>(path.join(dir, 'jwks.json'), async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] };
  });
  const cookies = await loadOrCreate(path.join(dir, 'cookie-keys.json'), async () => ({
    keys: [Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')],
  }));
  return { jwks, cookieKeys: cookies.keys };
}

// --- storage of oidc-provider's models in the store ---

/** Auth0's default-free setting we recommend (README): seconds a rotated refresh token still works. */
const REFRESH_REUSE_INTERVAL_S = 30;
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode']);

function storeAdapter(store: Store, prefix: string, reuseIntervalS: number) {
  const grantKey = (id: string) => `${prefix}grant:${id}`;
  const uidKey = (uid: string) => `${prefix}sessionUid:${uid}`;
  const userCodeKey = (code: string) => `${prefix}userCode:${code}`;
  const parse = (raw: string | null) => (raw ? (JSON.parse(raw) as AdapterPayload) : undefined);

  return class StoreAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    key(id: string): string {
      return `${prefix}${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const key = this.key(id);
      const ttl = typeof expiresIn === 'number' && expiresIn > 0 ? Math.ceil(expiresIn) : undefined;
      const tx = store.multi();
      const set = (k: string, v: string) => (ttl ? tx.set(k, v, { ex: ttl }) : tx.set(k, v));
      set(key, JSON.stringify(payload));
      if (this.model === 'Session' && payload.uid) set(uidKey(payload.uid), id);
      if (payload.userCode) set(userCodeKey(payload.userCode), id);
      if (GRANTABLE.has(this.model) && payload.grantId) {
        tx.sadd(grantKey(payload.grantId), key);
        tx.expire(grantKey(payload.grantId), Math.max(ttl ?? 0, GRANT_INDEX_TTL));
      }
      await tx.exec();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const payload = parse(await store.get<string>(this.key(id)));
      // Auth0's refresh-token rotation "reuse interval": a token rotated moments ago is accepted again
      // (a client retrying a refresh whose answer it lost), instead of ending the whole session.
      if (
        this.model === 'RefreshToken' &&
        typeof payload?.consumed === 'number' &&
        Date.now() / 1000 - payload.consumed < reuseIntervalS
      ) {
        delete payload.consumed;
      }
      return payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = await store.get<string>(uidKey(uid));
      return id ? this.find(id) : undefined;
    }

    async findByUserCode(code: string): Promise<AdapterPayload | undefined> {
      const id = await store.get<string>(userCodeKey(code));
      return id ? this.find(id) : undefined;
    }

    async consume(id: string): Promise<void> {
      const key = this.key(id);
      const payload = parse(await store.get<string>(key));
      if (!payload) return;
      payload.consumed = Math.floor(Date.now() / 1000);
      await store.set(key, JSON.stringify(payload), { keepTtl: true });
    }

    async destroy(id: string): Promise<void> {
      await store.del(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const members = await store.smembers(grantKey(grantId));
      await store.del(...members, grantKey(grantId));
    }
  };
}

function sendHtml(ctx: RequestContext, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  // No script at all; forms post to this origin and may be redirected to the app's callback.
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  );
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = html;
}

// --- request helpers ---

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const sameUrl = (a: string, b: string) => URL.parse(a)?.href === URL.parse(b)?.href;

// --- the provider ---

export async function startOidcProvider(opts: OidcProviderOptions): Promise<RunningOidcProvider> {
  const { store, audience, clients } = opts;
  const { jwks, cookieKeys } = await loadKeys(opts.dataDir);

  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://localhost:${port}`;
  const issuer = `${url}/`;

  const allowedOrigins = new Map(
    clients.map((c) => [c.clientId, new Set(c.redirectUris.map((uri) => new URL(uri).origin))]),
  );

  const logoutUris = new Map(clients.map((c) => [c.clientId, c.postLogoutRedirectUris]));

  const accountClaims = (user: LocalUser) => ({
    sub: user.sub,
    email: user.email,
    // No verification mail locally: the address is taken as verified.
    email_verified: true,
    name: user.email,
    nickname: user.email.split('@')[0] ?? user.email,
    ...(user.customerId ? { [CLAIMS.customerId]: user.customerId } : {}),
  });

  async function fullGrant(accountId: string, clientId: string, grantId?: string): Promise<Grant> {
    const existing = grantId ? await provider.Grant.find(grantId) : undefined;
    const grant =
      existing && existing.accountId === accountId && existing.clientId === clientId
        ? existing
        : new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(SCOPE);
    grant.addResourceScope(audience, SCOPE);
    await grant.save();
    return grant;
  }

  const configuration: Configuration = {
    adapter: storeAdapter(store, 'oidc:', opts.refreshTokenReuseIntervalS ?? REFRESH_REUSE_INTERVAL_S),
    clients: clients.map((c) => ({
      client_id: c.clientId,
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: c.redirectUris,
      id_token_signed_response_alg: 'RS256',
    })),
    jwks,
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      // One path for the interaction cookie, so both /u/login and /u/signup receive it.
      short: { httpOnly: true, sameSite: 'lax', signed: true, path: '/u' },
    },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      userinfo: '/userinfo',
      jwks: '/.well-known/jwks.json',
      revocation: '/oauth/revoke',
      end_session: '/oidc/logout',
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      openid: ['sub', CLAIMS.customerId],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname'],
    },
    extraParams: ['screen_hint'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget(`unknown audience ${resource}`);
          return {
            scope: SCOPE,
            audience,
            accessTokenTTL: DAY,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    clientBasedCORS: (_ctx, origin, client) => allowedOrigins.get(client.clientId)?.has(origin) ?? false,
    findAccount: async (_ctx, sub) => {
      const user = await getUser(store, sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => accountClaims(user) };
    },
    extraTokenClaims: async (_ctx, token) => {
      // Only access tokens carry an account (client-credential tokens, which this provider never
      // issues, do not).
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId ? await getUser(store, accountId) : null;
      if (!user) return undefined;
      return {
        [CLAIMS.email]: user.email,
        ...(user.customerId ? { [CLAIMS.customerId]: user.customerId } : {}),
      };
    },
    loadExistingGrant: async (ctx) => {
      const { session, client, result } = ctx.oidc;
      // Typed optional, but oidc-provider asks only once it has both.
      if (!session?.accountId || !client) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      return fullGrant(session.accountId, client.clientId, grantId);
    },
    interactions: {
      url: (_ctx, interaction) =>
        `/u/${interaction.params.screen_hint === 'signup' ? 'signup' : 'login'}?state=${interaction.uid}`,
    },
    ttl: {
      AccessToken: DAY,
      AuthorizationCode: 60,
      IdToken: 10 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 30 * DAY,
      RefreshToken: 30 * DAY,
    },
    renderError: (ctx, out) => {
      const detail = out.error_description ?? out.error ?? 'Something went wrong.';
      sendHtml(ctx, Math.max(ctx.status, 400), messagePage('Sign-in problem', detail));
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => {
    console.error(`[oidc] server error: ${error.stack ?? error.message}`);
  });

  const appLink = () => {
    const origin = [...(allowedOrigins.values().next().value ?? [])][0];
    return origin ? { href: origin, text: 'Back to OTC Edge' } : undefined;
  };

  // /u/login and /u/signup: the interaction pages.
  async function interactionPage(ctx: RequestContext, screen: Screen): Promise<void> {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      const message = 'This sign-in page has expired. Go back to OTC Edge and choose Sign in again.';
      return sendHtml(ctx, 400, messagePage('Sign-in expired', message, appLink()));
    }
    const clientId = String(interaction.params.client_id ?? '');
    const finish = async (accountId: string) => {
      // Signed in and, as for Auth0's first-party apps, consented: no consent screen.
      const grant = await fullGrant(accountId, clientId);
      const returnTo = await provider.interactionResult(
        ctx.req,
        ctx.res,
        { login: { accountId }, consent: { grantId: grant.jti } },
        { mergeWithLastSubmission: false },
      );
      ctx.status = 303;
      ctx.redirect(returnTo);
    };
    if (interaction.prompt.name !== 'login') {
      // The consent prompt (requested for offline_access, see /authorize below): given at once.
      const accountId = interaction.session?.accountId;
      if (!accountId) return sendHtml(ctx, 400, messagePage('Sign-in problem', 'Please sign in again.'));
      const grant = await fullGrant(accountId, clientId, interaction.grantId);
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, {
        consent: { grantId: grant.jti },
      });
      ctx.status = 303;
      return ctx.redirect(returnTo);
    }
    if (ctx.method === 'GET') return sendHtml(ctx, 200, formPage(screen, { uid: interaction.uid }));
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'GET, POST');
      return sendHtml(ctx, 405, messagePage('Not allowed', 'Use the form.'));
    }
    let form: URLSearchParams;
    try {
      if (!ctx.is('application/x-www-form-urlencoded')) throw new Error('not a form');
      form = new URLSearchParams(await readBody(ctx.req, MAX_FORM_BYTES));
    } catch {
      return sendHtml(ctx, 400, messagePage('Sign-in problem', 'The form could not be read.'));
    }
    // The interaction cookie (SameSite=Lax, signed) names the interaction; the form must name the same one.
    if (form.get('state') !== interaction.uid) {
      return sendHtml(ctx, 400, messagePage('Sign-in expired', 'Please start again.', appLink()));
    }
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    const again = (status: number, error: NonNullable<FormState['error']>) =>
      sendHtml(ctx, status, formPage(screen, { uid: interaction.uid, email, error }));
    if (screen === 'login') {
      if (!email.trim() || !password) {
        return again(400, { message: 'Enter your email address and password.' });
      }
      const user = await verifyPassword(store, email, password);
      if (!user) return again(401, { message: 'Wrong email or password.' });
      return finish(user.sub);
    }
    try {
      const { sub } = await createUser(store, { email, password });
      return finish(sub);
    } catch (error) {
      if (error instanceof EmailTakenError) return again(409, { message: error.message, field: 'email' });
      if (error instanceof InvalidEmailError) return again(400, { message: error.message, field: 'email' });
      if (error instanceof WeakPasswordError)
        return again(400, { message: error.message, field: 'password' });
      throw error;
    }
  }

  // Auth0's logout: GET /v2/logout?client_id=…&returnTo=…
  async function logout(ctx: RequestContext): Promise<void> {
    const clientId = first(ctx.query.client_id);
    const returnTo = first(ctx.query.returnTo);
    const allowed = (clientId && logoutUris.get(clientId)) || [];
    if (returnTo !== undefined && !allowed.some((uri) => sameUrl(uri, returnTo))) {
      const message = 'The returnTo address is not an allowed logout URL for this application.';
      return sendHtml(ctx, 400, messagePage('Sign-out problem', message));
    }
    const session = await provider.Session.get(ctx);
    await session.destroy();
    const name = provider.cookieName('session');
    for (const cookie of [name, `${name}.sig`]) {
      ctx.cookies.set(cookie, null, { path: '/', httpOnly: true, sameSite: 'lax', signed: false });
    }
    const target = returnTo ?? allowed[0];
    if (target) {
      ctx.status = 302;
      return ctx.redirect(target);
    }
    sendHtml(ctx, 200, messagePage('Signed out', 'You are signed out of OTC Edge.'));
  }

  const auth0Routes: Middleware = async (ctx, next) => {
    const { method, path: route } = ctx;
    if (route === '/u/login' || route === '/u/signup') {
      return interactionPage(ctx, route === '/u/login' ? 'login' : 'signup');
    }
    if (route === '/v2/logout' && (method === 'GET' || method === 'HEAD')) return logout(ctx);
    if (route === '/authorize' && method === 'GET') {
      // Auth0's `audience` is RFC 8707's `resource`.
      const query = { ...ctx.query };
      if (typeof query.audience === 'string' && query.resource === undefined) query.resource = query.audience;
      // oidc-provider drops offline_access (no refresh token) unless prompt includes consent; Auth0 does
      // not ask for it. The consent interaction this adds is answered at once (see interactionPage).
      const prompts = new Set(first(query.prompt)?.split(' ').filter(Boolean));
      if (first(query.scope)?.split(' ').includes('offline_access') && !prompts.has('none')) {
        query.prompt = [...prompts.add('consent')].join(' ');
      }
      ctx.query = query;
    }
    if (
      method === 'POST' &&
      (route === '/oauth/token' || route === '/oauth/revoke') &&
      ctx.is('application/json')
    ) {
      // `useFormData: false` in the SDK: JSON, which oidc-provider does not read. Handed on as a form.
      let body: unknown;
      try {
        body = JSON.parse(await readBody(ctx.req, MAX_JSON_BYTES));
      } catch {
        ctx.status = 400;
        ctx.body = { error: 'invalid_request', error_description: 'malformed JSON body' };
        return;
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        ctx.status = 400;
        ctx.body = { error: 'invalid_request', error_description: 'the JSON body must be an object' };
        return;
      }
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(body)) {
        if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = String(value);
      }
      if (fields.audience !== undefined && fields.resource === undefined) fields.resource = fields.audience;
      // oidc-provider reads an already consumed request from req.body, a field Node's type does not have.
      (ctx.req as IncomingMessage & { body?: Record<string, string> }).body = fields;
      ctx.req.headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    return next();
  };
  provider.use(auth0Routes);

  handler = provider.callback();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  return { issuer, url, close };
}

// Run as its own process: `node scripts/local/oidc/provider.ts`, configured from the environment
// (UPSTASH_REDIS_REST_URL/TOKEN, OIDC_DATA_DIR, OIDC_PORT, AUTH0_AUDIENCE, AUTH0_CLIENT_ID and
// OIDC_APP_ORIGINS, comma-separated: each gets `{origin}/callback` and `{origin}` as allowed URLs).
// Prints {"url", "issuer"} as one JSON line (see ../child.ts).
if (import.meta.main) {
  const env = process.env;
  const origins = (env.OIDC_APP_ORIGINS ?? 'http://localhost:8888').split(',').map((o) => o.trim());
  const provider = await startOidcProvider({
    store: createStore({ url: env.UPSTASH_REDIS_REST_URL ?? '', token: env.UPSTASH_REDIS_REST_TOKEN ?? '' }),
    dataDir: env.OIDC_DATA_DIR ?? '.data',
    port: Number(env.OIDC_PORT ?? 0),
    audience: env.AUTH0_AUDIENCE ?? 'https://api.otcedge.app',
    clients: [
      {
        clientId: env.AUTH0_CLIENT_ID ?? 'otc-edge-local',
        redirectUris: origins.map((origin) => `${origin}/callback`),
        postLogoutRedirectUris: origins.flatMap((origin) => [origin, `${origin}/`]),
      },
    ],
  });
  process.stdout.write(`${JSON.stringify({ url: provider.url, issuer: provider.issuer })}\n`);
  onParentExit(provider.close);
}
