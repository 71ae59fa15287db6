/**
 * The identity-admin port: changes to a member's sign-in identity, made on the provider that owns
 * it (Auth0's Management API in production, the local provider's user store otherwise).
 */
export interface IdentityAdmin {
  updateEmail(sub: string, email: string): Promise<void>;
  updatePassword(sub: string, password: string): Promise<void>;
  /** Records the payment customer id so it appears as a claim on the member's next token. */
  setCustomerId(sub: string, customerId: string): Promise<void>;
  /** Whether `password` is the member's current password (asked before an email or password change). */
  verifyPassword(sub: string, password: string): Promise<boolean>;
  /**
   * Ends every sign-in of the member: refresh tokens, grants and provider sessions. Access tokens
   * already issued live out their lifetime; none can be renewed.
   */
  endAllSignIns(sub: string): Promise<void>;
  /**
   * Deletes the member's identity (an account deletion, docs/security.md "Your data"): signing in
   * with it fails from then on, and its email may sign up again as a new account (a new sub). A
   * user already gone is not an error, so a retried deletion finishes.
   */
  deleteUser(sub: string): Promise<void>;
}

/** The provider refuses to check more passwords for now (its brute-force protection). */
export class TooManyAttemptsError extends Error {
  override name = 'TooManyAttemptsError';
}

/** The email belongs to another account. */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

/** No such user at the provider. */
export class UnknownUserError extends Error {
  override name = 'UnknownUserError';
}

/** Another change to the same account happened at the same moment; the caller may simply retry. */
export class ConcurrentChangeError extends Error {
  override name = 'ConcurrentChangeError';
}
