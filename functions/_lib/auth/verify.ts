import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { unauthorized } from '../http/errors.ts';
import { customerIdClaim, emailClaim, permissionsClaim } from './claims.ts';

/** Who is calling, taken from a verified access token only — never from the request body. */
export interface Caller {
  sub: string;
  email: string | null;
  customerId: string | null;
  /**
   * When the token was issued (its `iat`, seconds): a token older than the member's "valid after"
   * time is refused (auth/valid-after.ts). Absent on a caller built by hand, which counts as oldest.
   */
  issuedAt?: number;
  /**
   * The API permissions the token grants (Auth0 RBAC's `permissions` claim; only its strings).
   * Absent when it grants none (most callers: members), so a caller built by hand (a test, a
   * script) need not name it. Read it with `hasPermission`, which treats absent as [].
   */
  permissions?: readonly string[];
}

/** Whether the verified caller holds this API permission. */
export const hasPermission = (caller: Caller, permission: string): boolean =>
  caller.permissions?.includes(permission) ?? false;

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  jwksUrl: string;
}

export type VerifyToken = (token: string) => Promise<Caller>;

// Small tolerance for clock skew between the identity provider and the function host.
const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * RS256 only, exact issuer and audience, exp/nbf checked. The key set is fetched once and cached in
 * module scope; a token with an unknown `kid` triggers one refetch, at most every 30 s.
 */
export function createTokenVerifier(options: TokenVerifierOptions): VerifyToken {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 5_000,
  });
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch {
      // Whatever failed (signature, expiry, issuer…), the caller learns nothing more.
      throw unauthorized();
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized();
    return {
      sub: payload.sub,
      email: stringClaim(payload[emailClaim]),
      customerId: stringClaim(payload[customerIdClaim]),
      issuedAt: payload.iat as number,
      ...permissionsOf(payload[permissionsClaim]),
    };
  };
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A list claim's strings; anything else (absent, a string, objects) grants nothing. */
function permissionsOf(value: unknown): { permissions?: string[] } {
  const permissions = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
  return permissions.length > 0 ? { permissions } : {};
}
