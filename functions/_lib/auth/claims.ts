/**
 * Custom claims on the access token. Auth0 adds them with a post-login Action (README, "Auth0");
 * the local provider adds the same. Namespaced, as Auth0 requires for custom claims.
 */
export const claimNamespace = 'https://otcedge.app/';
export const emailClaim = `${claimNamespace}email`;
export const customerIdClaim = `${claimNamespace}customer_id`;
