/**
 * Custom claims on the access token. Auth0 adds them with a post-login Action (README, "Auth0");
 * the local provider adds the same. Namespaced, as Auth0 requires for custom claims.
 */
export const claimNamespace = 'https://otcedge.app/';
export const emailClaim = `${claimNamespace}email`;
export const customerIdClaim = `${claimNamespace}customer_id`;

/**
 * Auth0 RBAC's own claim (not namespaced): with "Enable RBAC" and "Add Permissions in the Access
 * Token" on the API, the access token lists the API permissions the user's roles grant
 * (docs/operator.md). The local provider adds the same for its operator accounts.
 */
export const permissionsClaim = 'permissions';
/** The operator's permissions: reading members, money and the audit log; acting on members. */
export const OPERATOR_READ = 'read:members';
export const OPERATOR_WRITE = 'write:members';
export type OperatorPermission = typeof OPERATOR_READ | typeof OPERATOR_WRITE;
