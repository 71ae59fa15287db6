// The local provider's password reset pages (password-reset.ts): the same look as the sign-in pages.
import { passwordHint } from '../../../functions/_lib/account/rules.ts';
import { escapeHtml } from '../html.ts';
import { page } from './pages.ts';

/** How long a reset link works (Auth0's default ticket lifetime is shorter than a day; this is plenty). */
export const RESET_LINK_MINUTES = 30;

/** Where the link goes locally: the local mail inbox when the stack runs one, else the provider's log. */
export type ResetDelivery = 'inbox' | 'log';

const localNote = (delivery: ResetDelivery) =>
  delivery === 'inbox'
    ? '<p class="note" data-local-mail>Local mode: the reset email goes to the local mail inbox (the <code>Mail:</code> link <code>npm start</code> prints).</p>'
    : '<p class="note" data-local-mail>Local mode: no mail server is configured. The reset link is printed in the local server’s log.</p>';

const alert = (message: string | undefined) =>
  message ? `<p class="alert" role="alert" id="form-error">${escapeHtml(message)}</p>` : '';

const backToSignIn = (state: string) =>
  state
    ? `<p class="switch"><a href="/u/login?state=${encodeURIComponent(state)}">Back to sign in</a></p>`
    : '';

export function resetRequestPage({
  state,
  delivery,
  email = '',
  error,
}: {
  state: string;
  delivery: ResetDelivery;
  email?: string;
  error?: string;
}) {
  const invalid = error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  return page(
    'Reset your password',
    `<h1>Reset your password</h1>
${alert(error)}
<p>Enter the email address of your account. If it has one, we’ll send it a link to set a new password.</p>
<form method="post" action="/u/reset-password">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus \
value="${escapeHtml(email)}"${invalid}>
<button type="submit">Send reset link</button>
</form>
${backToSignIn(state)}
${localNote(delivery)}`,
  );
}

/** The one answer to a valid address, whether an account has it or not. */
export function resetSentPage({
  state,
  delivery,
  appLink,
}: {
  state: string;
  delivery: ResetDelivery;
  appLink: { href: string; text: string } | undefined;
}) {
  return page(
    'Check your email',
    `<h1>Check your email</h1>
<p role="status">If an account exists for that address, a link to reset its password is on its way. The link works once, for ${RESET_LINK_MINUTES} minutes.</p>
${backToSignIn(state) || (appLink ? `<p class="switch"><a href="${escapeHtml(appLink.href)}">${escapeHtml(appLink.text)}</a></p>` : '')}
${localNote(delivery)}`,
  );
}

export function newPasswordPage({ token, error }: { token: string; error?: string }) {
  const described = error ? 'form-error password-hint' : 'password-hint';
  const invalid = error ? ' aria-invalid="true"' : '';
  return page(
    'Choose a new password',
    `<h1>Choose a new password</h1>
${alert(error)}
<form method="post" action="/u/new-password">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus \
aria-describedby="${described}"${invalid}>
<p class="hint" id="password-hint">${escapeHtml(passwordHint)}</p>
<label for="confirmation">Confirm new password</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required${invalid}>
<button type="submit">Set new password</button>
</form>`,
  );
}
