import type { Config } from '../config.ts';
import { getConfig, getDeps } from '../deps.ts';
import type { Store } from '../store.ts';
import type { Billing } from './port.ts';

/** The billing port, for the functions that take or change payments (Stripe, or local billing). */
export interface BillingPorts {
  /** The card provider; its SDK loads on first use. */
  billing: () => Promise<Billing>;
  billingConfig: Config['billing'];
}

let cached: BillingPorts | undefined;

export function getBillingPorts(): BillingPorts {
  if (!cached) {
    const config = getConfig().billing;
    cached = { billing: lazyBilling(config, getDeps().store), billingConfig: config };
  }
  return cached;
}

function lazyBilling(config: Config['billing'], store: Store): () => Promise<Billing> {
  let billing: Promise<Billing> | undefined;
  return () => {
    billing ??=
      config.kind === 'stripe'
        ? import('./stripe-billing.ts').then((m) => m.createStripeBilling(config))
        : import('./local-billing.ts').then((m) => m.createLocalBilling(store));
    return billing;
  };
}
