import { CARD_BRANDS } from '../../functions/_lib/billing/card-brands.ts';

/** Amounts as the member reads them: "$535.00" in dollars, "535.00 EUR" in any other currency. */
export const formatMoney = ({ amount, currency }: { amount: string; currency: string }): string =>
  currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;

/** "December 12, 2026": the month named, so no reader mistakes 12/11 for 11/12; one format on the page. */
export const longDate = (ms: number): string =>
  new Date(ms).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The card network's own name ("Visa"); an unknown one is just "Card". */
export const brandName = (brand: string): string => CARD_BRANDS[brand] ?? 'Card';
