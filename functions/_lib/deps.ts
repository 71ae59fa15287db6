import { createTokenVerifier, type VerifyToken } from './auth/verify.ts';
import { type BrowserConfig, type Config, loadConfig } from './config.ts';
import { requestDeployContext } from './deploy-context.ts';
import { createRateLimit, type RateLimit } from './http/rate-limit.ts';
import { createStore, type Store } from './store.ts';

/**
 * What every function's domain code receives: ports only, so tests can hand in their own. Ports
 * with heavy SDKs live in their own modules (billing/billing-ports.ts: Stripe; identity/
 * identity-ports.ts: Auth0's Management API), imported only by the functions that use them, so
 * Netlify's bundler leaves those SDKs out of every other function and cold starts stay short.
 */
export interface Deps {
  store: Store;
  verifyToken: VerifyToken;
  /** Throws 429 when the identifier is over the policy's limit. */
  rateLimit: RateLimit;
  now: () => number;
  /** Settings the browser may see (sign-in provider, Stripe publishable key); never secrets. */
  browser: BrowserConfig;
}

let config: Config | undefined;
let cached: Deps | undefined;

/**
 * The validated settings, read once per function instance, on its first request: the request's
 * deploy context is known then, and a ConfigError becomes that request's logged 500.
 */
export function getConfig(): Config {
  config ??= loadConfig(process.env, { deployContext: requestDeployContext() });
  return config;
}

/** Built once per function instance (module scope survives warm invocations): config read, adapters chosen. */
export function getDeps(): Deps {
  if (!cached) {
    const settings = getConfig();
    const store = createStore(settings.store);
    cached = {
      store,
      verifyToken: createTokenVerifier(settings.auth),
      rateLimit: createRateLimit(store),
      now: Date.now,
      browser: settings.browser,
    };
  }
  return cached;
}
