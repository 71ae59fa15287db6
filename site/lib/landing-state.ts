import { fromCents, toCents } from '../../functions/_lib/billing/prices.ts';

const isPrice = (value: string) => /^\d+\.\d\d$/.test(value);

/**
 * The landing page's two bits of browser state (docs/product.md §2 /, §1 pricing), a few hundred bytes of
 * plain script. Keys are the brief's: `promo-access` (read by the member app's /payment page) and
 * `plans` (written by the member app's API client, member-app/billing/plans-storage.ts).
 */

/** ?discount=email: remember the newsletter promotion for /payment, and show plain / again. */
export function takePromoAccess(): void {
  if (new URLSearchParams(location.search).get('discount') !== 'email') return;
  try {
    localStorage.setItem('promo-access', 'email');
  } catch {
    // storage disabled: the promotion can still be typed in by hand
  }
  history.replaceState(null, '', '/');
}

/** Plans the server sent earlier override the built-in prices ("as low as" = yearly / 12). */
export function showStoredPrices(): void {
  let plans: { monthly?: { price?: string }; yearly?: { price?: string } } | null = null;
  try {
    plans = JSON.parse(localStorage.getItem('plans') ?? 'null');
  } catch {
    return;
  }
  const monthly = plans?.monthly?.price;
  const yearly = plans?.yearly?.price;
  if (!monthly || !yearly || !isPrice(monthly) || !isPrice(yearly)) return;
  const prices: Record<string, string> = {
    monthly,
    yearly,
    asLowAs: fromCents(Math.floor(toCents(yearly) / 12)),
  };
  for (const element of document.querySelectorAll<HTMLElement>('[data-price]')) {
    const price = prices[element.dataset.price ?? ''];
    if (price) element.textContent = `$${price}`;
  }
}
