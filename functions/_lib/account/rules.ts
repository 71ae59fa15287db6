/**
 * Account form rules (SPEC §5), shared by the member app's forms and the functions, which check
 * again: the browser is never trusted. Plain functions, no schema library, so they cost the
 * browser bundle nothing. Each returns the SPEC's message, or null when the value is fine.
 */

// A standard pattern: something@something.tld, no spaces, one @.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const minPasswordLength = 6;

export function emailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return 'Email is Required';
  if (value.length > 254 || !emailPattern.test(value)) return 'Invalid Email';
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
