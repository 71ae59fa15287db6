/**
 * Card networks by the names people know them by, keyed as the card provider names them (Stripe's
 * `card.brand`): what /account shows and what the card-expiring email says. No Node modules: the
 * member app imports it too.
 */
export const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};
