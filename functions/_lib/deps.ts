import { createTokenVerifier, type VerifyToken } from './auth/verify.ts';
import type { Billing } from './billing/port.ts';
import { type BrowserConfig, type Config, loadConfig } from './config.ts';
import { createRateLimit, type RateLimit } from './http/rate-limit.ts';
import type { IdentityAdmin } from './identity/admin.ts';
import { createStore, type Store } from './store.ts';

/** What domain functions receive: ports only, so tests can hand in their own. */
export interface Deps {
  store: Store;
  verifyToken: VerifyToken;
  identityAdmin: IdentityAdmin;
  /** The card provider (Stripe, or local test-mode billing); its SDK loads on first use. */
  billing: () => Promise<Billing>;
  billingConfig: Config['billing'];
  /** Throws 429 when the identifier is over the policy's limit. */
  rateLimit: RateLimit;
  now: () => number;
  /** Settings the browser may see (sign-in provider); never secrets. */
  browser: BrowserConfig;
}

let cached: Deps | undefined;

/** Built once per function instance (module scope survives warm invocations): config read, adapters chosen. */
export function getDeps(): Deps {
  if (!cached) {
    const config = loadConfig();
    const store = createStore(config.store);
    cached = {
      store,
      verifyToken: createTokenVerifier(config.auth),
      identityAdmin: lazyIdentityAdmin(config.identityAdmin, store),
      billing: lazyBilling(config.billing, store),
      billingConfig: config.billing,
      rateLimit: createRateLimit(store),
      now: Date.now,
      browser: config.browser,
    };
  }
  return cached;
}

/**
 * The admin adapter (and the Auth0 SDK behind it) loads on first use, so the many functions that
 * never change an identity do not pay for it at cold start.
 */
function lazyIdentityAdmin(config: Config['identityAdmin'], store: Store): IdentityAdmin {
  let admin: Promise<IdentityAdmin> | undefined;
  const load = () => {
    admin ??=
      config.kind === 'auth0'
        ? import('./identity/auth0-admin.ts').then((m) => m.createAuth0Admin(config))
        : import('./identity/local-admin.ts').then((m) => m.createLocalAdmin(store));
    return admin;
  };
  return {
    updateEmail: async (sub, email) => (await load()).updateEmail(sub, email),
    updatePassword: async (sub, password) => (await load()).updatePassword(sub, password),
    setCustomerId: async (sub, customerId) => (await load()).setCustomerId(sub, customerId),
  };
}

function lazyBilling(config: Config['billing'], store: Store): () => Promise<Billing> {
  let billing: Promise<Billing> | undefined;
  return () => {
    billing ??=
      config.kind === 'stripe'
        ? import('./billing/stripe-billing.ts').then((m) => m.createStripeBilling(config))
        : import('./billing/local-billing.ts').then((m) => m.createLocalBilling(store));
    return billing;
  };
}
