import { parseClickId } from '../../functions/_lib/affiliates/rules.ts';
import {
  AFFILIATE_EXTRA_PARAMS,
  AFFILIATE_SCRIPT_URL,
} from '../../functions/_lib/affiliates/tracking-script.ts';

declare global {
  interface Window {
    /** Set by Rewardful's script: the referred visit's id, '' when the visitor was not referred. */
    Rewardful?: { referral?: string };
  }
}

/**
 * Loads the affiliate service's script once (the payment page, when it is configured), so the
 * visit it recorded from the affiliate link can be sent with the charge.
 */
export function loadAffiliateTracking(apiKey: string): void {
  if (document.querySelector('script[data-rewardful]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = AFFILIATE_SCRIPT_URL;
  script.dataset.rewardful = apiKey;
  script.dataset.rewardfulParams = AFFILIATE_EXTRA_PARAMS;
  document.head.append(script);
}

/** The referred visit's id from the affiliate service's script, when it loaded and found one. */
export function affiliateClickId(): string | null {
  return parseClickId(window.Rewardful?.referral);
}
