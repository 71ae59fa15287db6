// What a caller of startOidcProvider sets. Its own file so the parts of the provider can name these types
// without importing the file that puts them together.
import type { SmtpSettings } from '../../../functions/_lib/mail/smtp-mailer.ts';
import type { Store } from '../../../functions/_lib/store.ts';
import type { SignUpPolicy } from './signup-throttle.ts';

export interface ThrottlePolicy {
  maxFailures: number;
  windowS: number;
}

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
  /** Wrong passwords allowed per account and client address before sign-in pauses (default 5 in 15 min). */
  signInThrottle?: ThrottlePolicy;
  /** Sign-ups allowed per email and per client address (default 5 in 15 min, 20 an hour). */
  signUpThrottle?: SignUpPolicy;
  /**
   * Where password reset emails go (the local mail catcher `npm start` runs). Without it the reset
   * link is printed to the provider's log instead.
   */
  mail?: SmtpSettings;
  /** The clock, in ms (tests move it on); default Date.now. */
  now?: () => number;
}
