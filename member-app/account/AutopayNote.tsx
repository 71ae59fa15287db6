import { useQuery } from '@tanstack/react-query';
import { billingDetailsOnAccount } from './billing-details-data.ts';
import { formatMoney, longDate } from './money-format.ts';

/**
 * What the autopay switch means for the member's money (docs/product.md §4 Subscription): off, when
 * access ends and that nothing more is charged; on, when the next charge is and how much.
 */
export function AutopayNote({ noRenew, endPeriod }: { noRenew: boolean; endPeriod: number }) {
  const { data } = useQuery(billingDetailsOnAccount);
  const on = longDate(endPeriod);
  if (noRenew) {
    return (
      <p className="muted" data-autopay-note>
        Autopay is off: your membership ends on {on} and you won't be charged again. Turn it on to keep
        access.
      </p>
    );
  }
  const next = data?.nextCharge;
  return (
    <p className="muted" data-autopay-note>
      Autopay is on: your card will be charged{' '}
      {next ? <strong>{formatMoney(next)}</strong> : 'the plan price'} on {longDate(next?.on ?? endPeriod)}.
    </p>
  );
}
