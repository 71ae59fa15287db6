// The sign-in and sign-up pages of the local provider: plain HTML with inline CSS and no script,
// so they work offline and pass a strict CSP.

import { passwordHint as hintText } from '../../../functions/_lib/account/rules.ts';
import { escapeHtml } from '../html.ts';

const STYLE = `
:root{color-scheme:dark;--bg:#0a1322;--surface:#13223a;--border:#33507a;--text:#e9eff8;--muted:#a9b8cc;
--green:#34d27b;--green-ink:#04160b;--error:#ff8a8a;--focus:#ffd34d}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:var(--bg);
color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{width:100%;max-width:400px;background:var(--surface);border:1px solid var(--border);border-radius:14px;
padding:32px 28px}
.brand{margin:0 0 8px;color:var(--green);font-weight:700;letter-spacing:.04em}
h1{margin:0 0 20px;font-size:1.5rem;line-height:1.25}
label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;padding:10px 12px;border-radius:8px;border:1px solid var(--border);background:var(--bg);
color:var(--text);font:inherit}
input[aria-invalid=true]{border-color:var(--error)}
.hint{margin:6px 0 0;color:var(--muted);font-size:.875rem}
button{width:100%;margin-top:24px;padding:12px;border:0;border-radius:8px;background:var(--green);
color:var(--green-ink);font:inherit;font-weight:700;cursor:pointer}
a{color:var(--green)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.alert{margin:0 0 8px;padding:10px 12px;border-radius:8px;border:1px solid var(--error);color:var(--error)}
.switch{margin:20px 0 0;text-align:center;color:var(--muted)}
.forgot{margin:8px 0 0;font-size:.875rem;text-align:right}
.note{margin:16px 0 0;color:var(--muted);font-size:.8125rem;text-align:center}`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">OTC Edge</p>
${body}
</main>
</body>
</html>
`;
}

export type Screen = 'login' | 'signup';

export interface FormError {
  message: string;
  /** The field to mark and focus; without one, both are marked. */
  field?: 'email' | 'password';
}

export interface FormState {
  uid: string;
  email?: string;
  error?: FormError;
}

export function formPage(screen: Screen, { uid, email = '', error }: FormState): string {
  const signup = screen === 'signup';
  const title = signup ? 'Create your OTC Edge account' : 'Sign in to OTC Edge';
  const state = encodeURIComponent(uid);
  type Field = 'email' | 'password';
  const flagged = (field: Field) => Boolean(error && (error.field === field || !error.field));
  const describedBy = (field: Field) => {
    const ids = [flagged(field) ? 'form-error' : '', field === 'password' && signup ? 'password-hint' : ''];
    const list = ids.filter(Boolean).join(' ');
    return list ? ` aria-describedby="${list}"` : '';
  };
  // Focus where the person has to act: the field in error, else the first empty one.
  const focus: Field = error?.field ?? (email ? 'password' : 'email');
  const attributes = (field: Field) =>
    `${flagged(field) ? ' aria-invalid="true"' : ''}${describedBy(field)}${focus === field ? ' autofocus' : ''}`;
  const passwordHint = signup ? `<p class="hint" id="password-hint">${hintText}</p>` : '';
  return page(
    title,
    `<h1>${title}</h1>
${error ? `<p class="alert" role="alert" id="form-error">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="/u/${screen}">
<input type="hidden" name="state" value="${escapeHtml(uid)}">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="${signup ? 'email' : 'username'}" required \
value="${escapeHtml(email)}"${attributes('email')}>
<label for="password">Password</label>
<input id="password" name="password" type="password" \
autocomplete="${signup ? 'new-password' : 'current-password'}" required${attributes('password')}>
${passwordHint}${
  signup
    ? ''
    : `
<p class="forgot"><a href="/u/reset-password?state=${state}">Forgot password?</a></p>`
}
<button type="submit">${signup ? 'Create account' : 'Sign in'}</button>
</form>
<p class="switch">${
      signup
        ? `Already have an account? <a href="/u/login?state=${state}">Sign in</a>`
        : `Don’t have an account? <a href="/u/signup?state=${state}">Sign up</a>`
    }</p>
<p class="note">Local sign-in for development: accounts stay on this machine.</p>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  );
}
