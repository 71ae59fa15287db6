import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CardFieldHandle, CardResult } from './card-field.ts';

const LOAD_TIMEOUT_MS = 10_000;

/**
 * Stripe Elements' card field (production). Stripe.js loads only here, when a publishable key is
 * configured, and the page says so clearly when it cannot load. Tokenizing makes a PaymentMethod,
 * whose id is what /api/charge and /api/user/updatecard receive.
 */
export function StripeCardField({
  ref,
  id,
  publishableKey,
}: {
  ref: Ref<CardFieldHandle>;
  id: string;
  publishableKey: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{
    stripe: Stripe;
    card: StripeCardElement;
    complete: boolean;
    empty: boolean;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS),
    );
    Promise.race([loadStripe(publishableKey), timeout])
      .then((loaded) => {
        if (cancelled || !loaded || !host.current) return;
        const card = loaded.elements().create('card', { hidePostalCode: true });
        const state = { stripe: loaded, card, complete: false, empty: true };
        card.on('change', (event) => {
          state.complete = event.complete;
          state.empty = event.empty;
          setError(event.error?.message ?? null); // the provider's own words (docs/product.md §5)
        });
        card.mount(host.current);
        stripe.current = state;
      })
      .catch(() => {
        if (!cancelled)
          setError('The secure card form could not load. Check your connection and reload the page.');
      });
    return () => {
      cancelled = true;
      stripe.current?.card.destroy();
    };
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    async tokenize(): Promise<CardResult> {
      const state = stripe.current;
      if (!state || state.empty) return { empty: true };
      const result = await state.stripe.createPaymentMethod({ type: 'card', card: state.card });
      if (result.error) {
        setError(result.error.message ?? 'Your card could not be read.');
        return { invalid: result.error.message ?? 'Your card could not be read.' };
      }
      return { token: result.paymentMethod.id };
    },
  }));

  return (
    <fieldset className="card-field">
      <legend>Card</legend>
      <div className="card-field__stripe" id={id} ref={host} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
