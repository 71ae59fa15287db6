/**
 * Account form rules (docs/product.md §5), shared by the member app's forms and the functions, which check
 * again: the browser is never trusted. Plain functions, no schema library, so they cost the
 * browser bundle nothing. Each returns the message of docs/product.md §5, or null when the value is fine.
 */

/**
 * The HTML standard's "valid e-mail address" (what `<input type=email>` accepts), with a dotted
 * domain ending in a 2+ letter label: no spaces, quotes, angle brackets or parentheses, so an address
 * can never carry markup into a page, a token or an email.
 */
const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;
/**
 * docs/product.md §5: 'Must be longer than 6 Characters', so 7 is the shortest password taken; the
 * sign-up hint (scripts/local/oidc/pages.ts) and the Auth0 tenant's policy (docs/identity.md) say the same.
 */
export const minPasswordLength = 7;
/** The hint shown beside a new password: the same rule as passwordError, in the member's words. */
export const passwordHint = `At least ${minPasswordLength} characters.`;

export function emailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return 'Email is Required';
  if (value.length > 254 || !emailPattern.test(value) || value.indexOf('@') > 64) return 'Invalid Email';
  return null;
}

export function passwordError(password: string): string | null {
  if (password === '') return 'Both fields are Required';
  if (password.length < minPasswordLength) return 'Must be longer than 6 Characters';
  if (password.length > 128) return 'Passwords can be at most 128 characters';
  return null;
}

/** The two-field password form: both filled, equal, long enough. */
export function passwordPairError(password: string, confirmation: string): string | null {
  if (password === '' || confirmation === '') return 'Both fields are Required';
  if (password !== confirmation) return 'Passwords must Match';
  return passwordError(password);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An email link's token (account/email-change.ts): 32 random bytes, base64url, 43 characters. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
