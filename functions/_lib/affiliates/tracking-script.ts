/**
 * Rewardful's tracking script (README "Affiliates"). It records a referred visit when a page it runs
 * on carries `?via=` (and `?ref=`, named in `data-rewardful-params`), keeps the visit's id in its own
 * cookie and exposes it as `Rewardful.referral`, which the payment page sends with the charge.
 * Loaded only when REWARDFUL_API_KEY is set: on a static page only when the address carries a
 * referral, and on /payment.
 */
export const AFFILIATE_SCRIPT_URL = 'https://r.wdfl.co/rw.js';
export const AFFILIATE_EXTRA_PARAMS = 'ref';
/** Rewardful's API keys are short and URL-safe; anything else is a configuration mistake. */
export const AFFILIATE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function parseAffiliateKey(value: string | undefined): string | null {
  return value && AFFILIATE_KEY_PATTERN.test(value) ? value : null;
}
