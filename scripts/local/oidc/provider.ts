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
//
// This file starts the server and puts the steps together, one file each: keys.ts (signing and cookie
// keys), accounts.ts (the users: claims, sign-in, sign-up), store-adapter.ts (oidc-provider's models in
// the store), configuration.ts (oidc-provider's settings), routes.ts (Auth0's requests and logout),
// interactions.ts and pages.ts (the sign-in and sign-up pages), grants.ts (consent as Auth0 gives it),
// http.ts (Koa helpers they share).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { createStore } from '../../../functions/_lib/store.ts';
import { site } from '../../../site/lib/site.ts';
import { onParentExit } from '../child.ts';
import { answerMalformedRequests } from '../malformed-requests.ts';
import { accountStore } from './accounts.ts';
import { oidcConfiguration } from './configuration.ts';
import { withSecurityHeaders } from './http.ts';
import { loadKeys } from './keys.ts';
import type { OidcProviderOptions } from './options.ts';
import { auth0Routes } from './routes.ts';
import { DEFAULT_SIGN_UP_POLICY, signUpThrottle } from './signup-throttle.ts';
import { signInThrottle } from './throttle.ts';

/** The sender of the local provider's emails, as Auth0's own address sends them. */
const LOCAL_SENDER = `${site.name} <accounts@localhost>`;

export { CLAIMS } from './accounts.ts';
export type { OidcClientOptions, OidcProviderOptions } from './options.ts';

export interface RunningOidcProvider {
  /** `http://localhost:PORT/`, with the trailing slash, as Auth0 issues tokens. */
  issuer: string;
  /** `http://localhost:PORT`: the SDK's `domain`. */
  url: string;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: OidcProviderOptions): Promise<RunningOidcProvider> {
  const keys = await loadKeys(opts.dataDir);
  const server = await listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  const accounts = accountStore(opts.store);
  const provider = new Provider(server.issuer, oidcConfiguration(opts, keys, accounts));
  provider.on('server_error', (_ctx, error) => {
    console.error(`[oidc] server error: ${error.stack ?? error.message}`);
  });
  const throttle = signInThrottle(opts.store, opts.signInThrottle, opts.now, opts.signUpThrottle);
  provider.use(withSecurityHeaders);
  const resetThrottle = signUpThrottle(opts.store, opts.signUpThrottle, opts.now, 'reset');
  provider.use(
    auth0Routes({
      provider,
      accounts,
      throttle,
      audience: opts.audience,
      clients: opts.clients,
      store: opts.store,
      issuer: server.issuer,
      resetThrottle,
      mail: opts.mail,
    }),
  );
  server.serve(provider.callback());
  return { issuer: server.issuer, url: server.url, close: server.close };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// The issuer names the port, and a free port is known only once listening: so the server listens first
// and answers 503 until the provider, built for that issuer, is handed in.
async function listen(port: number, host: string) {
  let handler: Handler | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  answerMalformedRequests(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  const serve = (ready: Handler) => {
    handler = ready;
  };
  return { url, issuer: `${url}/`, serve, close };
}

// Run as its own process: `node scripts/local/oidc/provider.ts`, configured from the environment
// (UPSTASH_REDIS_REST_URL/TOKEN, OIDC_DATA_DIR, OIDC_PORT, AUTH0_AUDIENCE, AUTH0_CLIENT_ID and
// OIDC_APP_ORIGINS, comma-separated: each gets `{origin}/callback` and `{origin}` as allowed URLs;
// OIDC_SIGNUPS_PER_CLIENT_HOUR, when set, replaces the 20 sign-ups an hour allowed per client address;
// SMTP_URL, when set, is where password reset emails go, from MAIL_FROM or the local sender).
// Prints {"url", "issuer"} as one JSON line (see ../child.ts).
if (import.meta.main) {
  const env = process.env;
  const origins = (env.OIDC_APP_ORIGINS ?? 'http://localhost:8888').split(',').map((o) => o.trim());
  const signUpsPerClient = Number(env.OIDC_SIGNUPS_PER_CLIENT_HOUR);
  const mail = env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM || LOCAL_SENDER } : undefined;
  const provider = await startOidcProvider({
    store: createStore({ url: env.UPSTASH_REDIS_REST_URL ?? '', token: env.UPSTASH_REDIS_REST_TOKEN ?? '' }),
    dataDir: env.OIDC_DATA_DIR ?? '.data',
    port: Number(env.OIDC_PORT ?? 0),
    audience: env.AUTH0_AUDIENCE ?? 'https://api.otcedge.app',
    ...(mail ? { mail } : {}),
    ...(signUpsPerClient > 0
      ? {
          signUpThrottle: {
            ...DEFAULT_SIGN_UP_POLICY,
            perClient: { max: signUpsPerClient, windowS: 60 * 60 },
          },
        }
      : {}),
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
