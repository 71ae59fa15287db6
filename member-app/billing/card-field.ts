/**
 * The card field's contract (docs/product.md §5 Card): the page asks it for a token on submit. Stripe Elements
 * in production (StripeCardField.tsx, card data never touches our servers), the local test card
 * field by default (LocalCardField.tsx).
 */
export type CardResult =
  | { token: string }
  /** Nothing entered: the page shows 'Card Info Required'. */
  | { empty: true }
  /** The field shows its own (the provider's) message; submission stops. */
  | { invalid: string };

export interface CardFieldHandle {
  tokenize(): Promise<CardResult>;
}
