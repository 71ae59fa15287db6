import { OPERATOR_READ, OPERATOR_WRITE } from '../../functions/_lib/auth/claims.ts';

/**
 * The API permissions an access token lists (Auth0 RBAC's `permissions` claim), read from its
 * payload without checking the signature: for what the page shows only (the Console link, the
 * console's own heading). Every operator call is judged on the server from the verified token.
 */
export function tokenPermissions(token: string | null | undefined): string[] {
  if (!token) return [];
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const permissions = (JSON.parse(json) as { permissions?: unknown }).permissions;
    return Array.isArray(permissions)
      ? permissions.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return []; // not a JWT, or not JSON: grants nothing to show
  }
}

/** Whether the token carries the operator's read permission (the console and its link). */
export const canReadMembers = (token: string | null | undefined): boolean =>
  tokenPermissions(token).includes(OPERATOR_READ);

/** Whether the token carries the operator's write permission (the member actions). */
export const canWriteMembers = (token: string | null | undefined): boolean =>
  tokenPermissions(token).includes(OPERATOR_WRITE);
