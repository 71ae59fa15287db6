import { useQuery } from '@tanstack/react-query';
import { billingDetailsOnAccount } from './billing-details-data.ts';
import { brandName } from './money-format.ts';

/** The card the next charge goes to, as the card provider has it (docs/billing.md "What /account shows"). */
export function CardOnFile() {
  const { data, isPending, isError } = useQuery(billingDetailsOnAccount);
  if (isPending) return <p className="muted">Loading your card…</p>;
  if (isError) return <p className="muted">Your card on file could not be loaded.</p>;
  const { card } = data;
  if (!card) return <p className="muted">No card on file.</p>;
  const expiry =
    card.expMonth && card.expYear
      ? `, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
      : '';
  return (
    <p data-card-on-file>
      Card on file:{' '}
      <strong>
        {brandName(card.brand)} ending in {card.last4}
      </strong>
      {expiry}
    </p>
  );
}
