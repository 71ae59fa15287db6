import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { billingDetailsOnAccount } from './billing-details-data.ts';
import { formatMoney } from './money-format.ts';

/**
 * The yearly upgrade's confirmation: the amount charged now, previewed by the card provider (the
 * yearly price less the credit for the unused part of the month), shown before the member confirms;
 * Confirm waits for it.
 */
export function UpgradeDialog({
  ref,
  yearlyPrice,
  onCancel,
  onConfirm,
}: {
  ref: Ref<HTMLDialogElement>;
  yearlyPrice: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Opening asks the provider again (SubscriptionSection): the credit shrinks as the month goes by.
  const { data, isFetching, error } = useQuery(billingDetailsOnAccount);
  const due = isFetching ? null : data?.upgradeDueNow;
  return (
    <dialog ref={ref} className="modal" aria-labelledby="upgrade-title">
      <h3 id="upgrade-title">Upgrade to Yearly?</h3>
      <p data-upgrade-amount aria-live="polite">
        {due ? (
          <>
            You will be charged <strong>{formatMoney(due)}</strong> now: ${yearlyPrice} for a year from today,
            less a credit for the unused part of your month.
          </>
        ) : error && !isFetching ? (
          `The amount due could not be worked out: ${error.message}`
        ) : (
          'Working out the amount due now…'
        )}
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={!due}>
          Confirm Upgrade
        </button>
      </div>
    </dialog>
  );
}
