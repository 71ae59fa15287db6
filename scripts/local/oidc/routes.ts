// Where Auth0 and oidc-provider disagree on the wire, as met by @auth0/auth0-spa-js: requests are
// rewritten before oidc-provider reads them, or answered here (Auth0's logout, the sign-in pages).
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { SmtpSettings } from '../../../functions/_lib/mail/smtp-mailer.ts';
import type { Store } from '../../../functions/_lib/store.ts';
import type { AccountStore } from './accounts.ts';
import { first, type Middleware, type RequestContext, readBody, sendHtml } from './http.ts';
import { interactionPages } from './interactions.ts';
import type { OidcClientOptions } from './options.ts';
import { messagePage } from './pages.ts';
import { passwordResetPages } from './password-reset.ts';
import { mailResetLink } from './reset-mail.ts';
import type { SignUpThrottle } from './signup-throttle.ts';
import type { SignInThrottle } from './throttle.ts';

const MAX_JSON_BYTES = 56 * 1024;

export interface RouteOptions {
  provider: Provider;
  accounts: AccountStore;
  throttle: SignInThrottle;
  audience: string;
  clients: OidcClientOptions[];
  store: Store;
  /** `http://localhost:PORT/`: reset links are made on it. */
  issuer: string;
  /** Password reset requests, counted as sign-ups are (signup-throttle.ts). */
  resetThrottle: SignUpThrottle;
  /** Where reset emails go; without it reset links are printed to the log. */
  mail: SmtpSettings | undefined;
}

const sameUrl = (a: string, b: string) => URL.parse(a)?.href === URL.parse(b)?.href;

export function auth0Routes({
  provider,
  accounts,
  throttle,
  audience,
  clients,
  store,
  issuer,
  resetThrottle,
  mail,
}: RouteOptions): Middleware {
  const logoutUris = new Map(clients.map((c) => [c.clientId, c.postLogoutRedirectUris]));
  const appUri = clients[0]?.redirectUris[0];
  const appLink = appUri ? { href: new URL(appUri).origin, text: 'Back to OTC Edge' } : undefined;
  const interactionPage = interactionPages({ provider, accounts, throttle, audience, appLink });
  const reset = passwordResetPages({
    store,
    throttle: resetThrottle,
    issuer,
    appLink,
    ...(mail ? { send: mailResetLink(mail), delivery: 'inbox' as const } : {}),
  });

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

  // Auth0's `audience` is RFC 8707's `resource`.
  function authorizeAsAuth0(ctx: RequestContext): void {
    const query = { ...ctx.query };
    if (typeof query.audience === 'string' && query.resource === undefined) query.resource = query.audience;
    // oidc-provider drops offline_access (no refresh token) unless prompt includes consent; Auth0 does
    // not ask for it. The consent interaction this adds is answered at once (see interactions.ts).
    const prompts = new Set(first(query.prompt)?.split(' ').filter(Boolean));
    if (first(query.scope)?.split(' ').includes('offline_access') && !prompts.has('none')) {
      query.prompt = [...prompts.add('consent')].join(' ');
    }
    ctx.query = query;
  }

  // `useFormData: false` in the SDK: JSON, which oidc-provider does not read. Handed on as a form;
  // false when the request has been answered with an error instead.
  async function jsonAsForm(ctx: RequestContext): Promise<boolean> {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(ctx.req, MAX_JSON_BYTES));
    } catch {
      ctx.status = 400;
      ctx.body = { error: 'invalid_request', error_description: 'malformed JSON body' };
      return false;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_request', error_description: 'the JSON body must be an object' };
      return false;
    }
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = String(value);
    }
    if (fields.audience !== undefined && fields.resource === undefined) fields.resource = fields.audience;
    // oidc-provider reads an already consumed request from req.body, a field Node's type does not have.
    (ctx.req as IncomingMessage & { body?: Record<string, string> }).body = fields;
    ctx.req.headers['content-type'] = 'application/x-www-form-urlencoded';
    return true;
  }

  return async (ctx, next) => {
    const { method, path: route } = ctx;
    if (route === '/u/login' || route === '/u/signup') {
      return interactionPage(ctx, route === '/u/login' ? 'login' : 'signup');
    }
    // "Forgot password?" (Universal Login's reset screen): GET shows the form, POST sends it.
    if (route === '/u/reset-password' || route === '/u/new-password') {
      if (method !== 'GET' && method !== 'POST') {
        ctx.set('Allow', 'GET, POST');
        return sendHtml(ctx, 405, messagePage('Not allowed', 'Use the form.'));
      }
      return route === '/u/reset-password' ? reset.requestReset(ctx) : reset.setNewPassword(ctx);
    }
    if (route === '/v2/logout' && (method === 'GET' || method === 'HEAD')) return logout(ctx);
    if (route === '/authorize' && method === 'GET') authorizeAsAuth0(ctx);
    if (
      method === 'POST' &&
      (route === '/oauth/token' || route === '/oauth/revoke') &&
      ctx.is('application/json')
    ) {
      if (!(await jsonAsForm(ctx))) return;
    }
    return next();
  };
}
