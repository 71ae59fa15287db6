import type { IdentityAdminConfig } from '../config.ts';
import { EmailTakenError, type IdentityAdmin, TooManyAttemptsError, UnknownUserError } from './admin.ts';

type Auth0Config = Extract<IdentityAdminConfig, { kind: 'auth0' }>;

/**
 * Auth0 Management API through the official SDK (client-credentials grant; the SDK caches the
 * management token). The customer id goes to app_metadata, which the post-login Action copies into
 * the access token as the namespaced claim.
 */
export async function createAuth0Admin(
  config: Auth0Config,
  transport?: typeof fetch,
): Promise<IdentityAdmin> {
  // Loaded on first use and shipped beside the function (netlify.toml external_node_modules).
  const { ManagementClient } = await import('auth0');
  const management = new ManagementClient({
    domain: config.domain,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    // The SDK only builds https://{domain} URLs; tests hand in a fetch that reaches a local server.
    ...(transport ? { fetch: transport } : {}),
  });
  const update = async (sub: string, body: Record<string, unknown>) => {
    try {
      await management.users.update(sub, body);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404) throw new UnknownUserError(sub);
      if (status === 409 || (status === 400 && /already exists/i.test(String(error))))
        throw new EmailTakenError();
      throw error;
    }
  };
  return {
    updateEmail: (sub, email) => update(sub, { email, connection: config.connection }),
    updatePassword: (sub, password) => update(sub, { password, connection: config.connection }),
    setCustomerId: (sub, customerId) => update(sub, { app_metadata: { customer_id: customerId } }),
    verifyPassword: async (sub, password) => {
      let email: string | undefined;
      try {
        email = (await management.users.get(sub)).email;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) throw new UnknownUserError(sub);
        throw error;
      }
      if (!email) return false;
      return passwordGrant(config, transport ?? fetch, email, password);
    },
    // Refresh tokens, consent grants and Auth0 sessions: the SDK's three Management API calls.
    endAllSignIns: async (sub) => {
      await Promise.all([
        management.users.refreshToken.delete(sub),
        management.users.sessions.delete(sub),
        management.userGrants.deleteByUserId({ user_id: sub }),
      ]);
    },
    // DELETE /api/v2/users/{id}: Auth0 ends the user's sessions and refresh tokens with it. A user
    // already deleted (404) is done, so a retried account deletion finishes.
    deleteUser: async (sub) => {
      try {
        await management.users.delete(sub);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 404) throw error;
      }
    },
  };
}

/**
 * Checks a password the way Auth0 checks a sign-in: the Authentication API's password-realm grant
 * for the machine-to-machine app (its "Password" grant type turned on; README, "Identity"). The
 * tokens it answers with are dropped (no `offline_access`: no refresh token is made). Auth0's
 * brute-force protection applies, and its refusal is passed on.
 */
async function passwordGrant(
  config: Auth0Config,
  transport: typeof fetch,
  email: string,
  password: string,
): Promise<boolean> {
  const response = await transport(`https://${config.domain}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: config.connection,
      username: email,
      password,
      client_id: config.clientId,
      client_secret: config.clientSecret,
      scope: 'openid',
    }),
  });
  if (response.ok) return true;
  const { error } = (await response.json().catch(() => ({}))) as { error?: string };
  if (response.status === 429 || error === 'too_many_attempts') throw new TooManyAttemptsError();
  if (response.status === 403 && error === 'invalid_grant') return false;
  throw new Error(`Auth0 refused the password check (${response.status} ${error ?? ''})`);
}
