import { createFileRoute, useBlocker } from '@tanstack/react-router';
import { requireToken } from '../auth/guards.ts';
import { PaymentPage } from '../billing/PaymentPage.tsx';

export const Route = createFileRoute('/payment')({
  staticData: { title: 'Sign Up' },
  beforeLoad: requireToken,
  component: Payment,
});

function Payment() {
  // docs/product.md §4: leaving /payment through in-app navigation is blocked; the member stays here until
  // paid (success moves on with a full page load) or signed out.
  useBlocker({ shouldBlockFn: () => true, enableBeforeUnload: false });
  return <PaymentPage />;
}
