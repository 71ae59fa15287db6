import type { IdentityAdminConfig } from '../config.ts';
import { EmailTakenError, type IdentityAdmin, UnknownUserError } from './admin.ts';

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
  };
}
