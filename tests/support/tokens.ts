// Signs access tokens the way the identity provider does, with the test issuer's key
// (tests/support/test-issuer.ts, started by the Vitest global setup).
import { importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import {
  customerIdClaim,
  emailClaim,
  OPERATOR_READ,
  OPERATOR_WRITE,
  permissionsClaim,
} from '../../functions/_lib/auth/claims.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through Vitest (global setup)`);
  return value;
};

export const testIssuer = () => `${env('AUTH0_DOMAIN')}/`;
export const testAudience = () => env('AUTH0_AUDIENCE');

export interface TokenOptions {
  sub?: string;
  email?: string;
  customerId?: string;
  /** Auth0 RBAC's `permissions` claim (OPERATOR_PERMISSIONS for an operator). */
  permissions?: readonly string[];
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  kid?: string;
  /** Its `iat`, in seconds (default now): an earlier one stands for a token taken before a change. */
  issuedAt?: number;
  extra?: JWTPayload;
}

export async function signToken(options: TokenOptions = {}): Promise<string> {
  const jwk = JSON.parse(env('TEST_ISSUER_JWK')) as JWK;
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ...(options.email ? { [emailClaim]: options.email } : {}),
    ...(options.customerId ? { [customerIdClaim]: options.customerId } : {}),
    ...(options.permissions ? { [permissionsClaim]: [...options.permissions] } : {}),
    scope: 'openid profile email',
    ...options.extra,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? jwk.kid ?? 'test-key-1', typ: 'at+jwt' })
    .setSubject(options.sub ?? 'auth0|test-user')
    .setIssuer(options.issuer ?? testIssuer())
    .setAudience(options.audience ?? testAudience())
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(key);
}

/** What the operator role grants (docs/operator.md). */
export const OPERATOR_PERMISSIONS = [OPERATOR_READ, OPERATOR_WRITE] as const;

/** `Authorization` header for a signed token. */
export async function authHeader(options: TokenOptions = {}): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await signToken(options)}` };
}
