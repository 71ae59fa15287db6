// "Forgot password?" for the local provider, as Auth0's Universal Login offers it: the person gives an
// email address; an account's owner gets a one-time link that sets a new password. With the stack's
// mail server (SMTP_URL) the link is emailed to the local inbox; without one it is printed to the
// local server's log (reset-mail.ts). Either way it is kept in a local outbox that tests read, and
// the page says where it went. The answer never tells whether the address has an account: the same
// page, status and work either way. Throttled like sign-ups (signup-throttle.ts: 5 per email in
// 15 minutes, 20 per client address an hour), so the form is no way to flood an inbox or probe.
import { createHash, randomBytes } from 'node:crypto';
import { emailError, normalizeEmail, passwordPairError } from '../../../functions/_lib/account/rules.ts';
import { endAllSignIns } from '../../../functions/_lib/identity/local-sessions.ts';
import { getUserByEmail, updatePassword } from '../../../functions/_lib/identity/local-users.ts';
import type { Store } from '../../../functions/_lib/store.ts';
import { first, type RequestContext, readBody, sendHtml } from './http.ts';
import { messagePage } from './pages.ts';
import { logResetLink, type SendResetLink } from './reset-mail.ts';
import {
  newPasswordPage,
  RESET_LINK_MINUTES,
  type ResetDelivery,
  resetRequestPage,
  resetSentPage,
} from './reset-pages.ts';
import type { SignUpThrottle } from './signup-throttle.ts';

const MAX_FORM_BYTES = 16 * 1024;
export const RESET_LINK_TTL_S = RESET_LINK_MINUTES * 60;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
/** Only the link's hash is kept: a copy of the store cannot be turned into working links. */
const resetKey = (token: string) => `idp:password-reset:${digest(token)}`;
/** The local outbox: the last links sent to an address, newest first (what a mail catcher would show). */
export const outboxKey = (email: string) => `idp:outbox:${normalizeEmail(email)}`;

export interface PasswordResetOptions {
  store: Store;
  throttle: SignUpThrottle;
  /** `http://localhost:PORT/`: links are made on it. */
  issuer: string;
  appLink: { href: string; text: string } | undefined;
  /** Where the link goes (reset-mail.ts); default: the server's log (stderr, which the local server shows). */
  send?: SendResetLink;
  /** What the pages say about where the link went; default `log`. */
  delivery?: ResetDelivery;
}

async function readForm(ctx: RequestContext): Promise<URLSearchParams | null> {
  try {
    if (!ctx.is('application/x-www-form-urlencoded')) return null;
    return new URLSearchParams(await readBody(ctx.req, MAX_FORM_BYTES));
  } catch {
    return null;
  }
}

export function passwordResetPages({
  store,
  throttle,
  issuer,
  appLink,
  send = logResetLink,
  delivery = 'log',
}: PasswordResetOptions) {
  const badForm = (ctx: RequestContext) =>
    sendHtml(ctx, 400, messagePage('Password reset problem', 'The form could not be read.'));

  /** GET and POST /u/reset-password: ask for the address; always the same answer for a valid one. */
  async function requestReset(ctx: RequestContext): Promise<void> {
    const state = first(ctx.query.state) ?? '';
    if (ctx.method === 'GET') return sendHtml(ctx, 200, resetRequestPage({ state, delivery }));
    const form = await readForm(ctx);
    if (!form) return badForm(ctx);
    const email = form.get('email') ?? '';
    const formState = form.get('state') ?? '';
    // The address's format first: it does not depend on whether an account has it.
    const problem = emailError(email);
    if (problem) {
      const message =
        problem === 'Email is Required' ? 'Enter your email address.' : 'Enter a valid email address.';
      return sendHtml(ctx, 400, resetRequestPage({ state: formState, delivery, email, error: message }));
    }
    const wait = await throttle.attempt(email, ctx.ip);
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      const minutes = Math.ceil(wait / 60);
      const after = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
      const message = `Too many password reset requests. For your security, resetting from here is paused: try again in ${after}.`;
      return sendHtml(ctx, 429, resetRequestPage({ state: formState, delivery, email, error: message }));
    }
    const token = randomBytes(32).toString('base64url');
    const user = await getUserByEmail(store, email);
    // The same writes either way (an unknown address's key names no one), so the time taken says nothing.
    await store.set(resetKey(token), user?.sub ?? '', { ex: RESET_LINK_TTL_S });
    if (user) {
      const link = `${issuer}u/new-password?token=${token}`;
      await store.lpush(outboxKey(user.email), link);
      await store.ltrim(outboxKey(user.email), 0, 9);
      await store.expire(outboxKey(user.email), RESET_LINK_TTL_S);
      // Not awaited: the answer takes the same time whether or not an email goes out.
      void send(user.email, link);
    }
    return sendHtml(ctx, 200, resetSentPage({ state: formState, delivery, appLink }));
  }

  const expired = (ctx: RequestContext) =>
    sendHtml(
      ctx,
      400,
      messagePage(
        'Link expired',
        'This password reset link has expired or was already used. Ask for a new one from the sign-in page.',
        appLink,
      ),
    );

  /** GET and POST /u/new-password?token=…: the link's form; the link works once. */
  async function setNewPassword(ctx: RequestContext): Promise<void> {
    if (ctx.method === 'GET') {
      const token = first(ctx.query.token) ?? '';
      // Opening the link (or a mail scanner's preview of it) does not use it up; only the form does.
      if (!token || !(await store.get<string>(resetKey(token)))) return expired(ctx);
      return sendHtml(ctx, 200, newPasswordPage({ token }));
    }
    const form = await readForm(ctx);
    if (!form) return badForm(ctx);
    const token = form.get('token') ?? '';
    const password = form.get('password') ?? '';
    const problem = passwordPairError(password, form.get('confirmation') ?? '');
    if (problem) return sendHtml(ctx, 400, newPasswordPage({ token, error: problem }));
    // Taken in one step: two submissions of one link cannot both set a password.
    const sub = token ? await store.getdel<string>(resetKey(token)) : null;
    if (!sub) return expired(ctx);
    await updatePassword(store, sub, password);
    // As a password change on /account: every sign-in of the account ends.
    await endAllSignIns(store, sub);
    return sendHtml(
      ctx,
      200,
      messagePage(
        'Password changed',
        'Your password has been changed and every device has been signed out. Sign in with your new password.',
        appLink,
      ),
    );
  }

  return { requestReset, setNewPassword };
}
