import type { Config } from '../config.ts';
import { getConfig, getDeps } from '../deps.ts';
import type { Store } from '../store.ts';
import type { IdentityAdmin } from './admin.ts';

/** The identity-admin port, for the functions that change identities (account, charge). */
export interface IdentityPorts {
  identityAdmin: IdentityAdmin;
}

let cached: IdentityPorts | undefined;

export function getIdentityPorts(): IdentityPorts {
  cached ??= { identityAdmin: lazyIdentityAdmin(getConfig().identityAdmin, getDeps().store) };
  return cached;
}

/** The adapter (and the Auth0 SDK behind it) loads on first use, not at cold start. */
function lazyIdentityAdmin(config: Config['identityAdmin'], store: Store): IdentityAdmin {
  let admin: Promise<IdentityAdmin> | undefined;
  const load = () => {
    admin ??=
      config.kind === 'auth0'
        ? import('./auth0-admin.ts').then((m) => m.createAuth0Admin(config))
        : import('./local-admin.ts').then((m) => m.createLocalAdmin(store));
    return admin;
  };
  return {
    updateEmail: async (sub, email) => (await load()).updateEmail(sub, email),
    updatePassword: async (sub, password) => (await load()).updatePassword(sub, password),
    setCustomerId: async (sub, customerId) => (await load()).setCustomerId(sub, customerId),
    verifyPassword: async (sub, password) => (await load()).verifyPassword(sub, password),
    endAllSignIns: async (sub) => (await load()).endAllSignIns(sub),
    deleteUser: async (sub) => (await load()).deleteUser(sub),
  };
}
