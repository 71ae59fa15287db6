import { lazy, type Ref, Suspense, use } from 'react';
import { appConfig } from '../app-config.ts';
import type { CardFieldHandle } from './card-field.ts';
import { LocalCardField } from './LocalCardField.tsx';

// Stripe.js and its wrapper load only where Stripe is configured, in their own chunk.
const StripeCardField = lazy(() =>
  import('./StripeCardField.tsx').then((m) => ({ default: m.StripeCardField })),
);

/** The card field the configuration asks for: Stripe Elements, or the local test card field. */
export function CardField({ ref, id }: { ref: Ref<CardFieldHandle>; id: string }) {
  const { billing } = use(appConfig());
  if (!billing.publishableKey) return <LocalCardField ref={ref} id={id} />;
  return (
    <Suspense fallback={<p className="muted">Loading the secure card form…</p>}>
      <StripeCardField ref={ref} id={id} publishableKey={billing.publishableKey} />
    </Suspense>
  );
}
