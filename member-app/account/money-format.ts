/** Amounts as the member reads them: "$535.00" in dollars, "535.00 EUR" in any other currency. */
export const formatMoney = ({ amount, currency }: { amount: string; currency: string }): string =>
  currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;

/** "12 Dec 2026": day first, the month named, so no reader mistakes 12/11 for 11/12. */
export const shortDate = (ms: number): string =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The card network's own name ("Visa"); an unknown one is just "Card". */
export const brandName = (brand: string): string => BRANDS[brand] ?? 'Card';
