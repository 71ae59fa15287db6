import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ChurnReason } from '../../functions/_lib/operator/churn.ts';
import { storedPlans } from '../billing/plans-storage.ts';
import { defaultPlans } from '../billing/stored-plans.ts';
import { AutopayNote } from './AutopayNote.tsx';
import { AutopayOffDialog } from './AutopayOffDialog.tsx';
import { billingDetailsQuery } from './billing-details-data.ts';
import { longDate } from './money-format.ts';
import { subscriptionChangeMutation } from './subscription-change.ts';
import { subscriptionStatusQuery } from './subscription-data.ts';
import { UpgradeDialog } from './UpgradeDialog.tsx';

const message = (e: unknown) => (e == null ? null : e instanceof Error ? e.message : 'Something Went Wrong');

/** docs/product.md §2 /account subscription part, §4 Subscription: autopay toggle and the yearly upgrade. */
export function SubscriptionSection() {
  // The route's loader asks for it on every visit (routes/account.tsx): not again on mount.
  const { data: status, error: loadError } = useQuery({ ...subscriptionStatusQuery, refetchOnMount: false });
  // One mutation for both actions: one busy state, and the error of the latest one only.
  const change = useMutation(subscriptionChangeMutation);
  const [upgraded, setUpgraded] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const offDialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const busy = change.isPending;
  // Subscription errors show the provider's raw message (docs/product.md §8).
  const error = message(change.error) ?? (status ? null : message(loadError));

  // Turning autopay on is done at once; turning it off is confirmed first, with an optional reason.
  const toggle = () => {
    if (status?.noRenew) change.mutate({ kind: 'toggle', renew: true });
    else offDialog.current?.showModal();
  };
  const turnOff = (reason: ChurnReason | undefined) => {
    offDialog.current?.close();
    change.mutate({ kind: 'toggle', renew: false, ...(reason ? { reason } : {}) });
  };
  const openUpgrade = () => {
    // The amount due now is asked again as the dialog opens, and shown before Confirm works.
    void queryClient.refetchQueries({ queryKey: billingDetailsQuery.queryKey });
    dialog.current?.showModal();
  };
  const upgrade = () => {
    dialog.current?.close();
    change.mutate(
      { kind: 'upgrade' },
      {
        onSuccess: () => {
          localStorage.setItem('yearly-sub-1', 'true');
          setUpgraded(true);
        },
      },
    );
  };

  if (!status) {
    return (
      <section className="account-form" aria-labelledby="subscription-title" aria-busy={!error}>
        <h2 id="subscription-title">Subscription</h2>
        {error ? <p className="form-error">{error}</p> : <p className="muted">Loading…</p>}
      </section>
    );
  }

  const yearly = storedPlans()?.yearly ?? defaultPlans.yearly;
  return (
    <section className="account-form" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      {status.plan === 'free' || status.endPeriod === null ? (
        <p>
          No active membership. <a href="/payment">Choose a plan</a>
        </p>
      ) : (
        <>
          <p data-subscription-status>
            {status.plan === 'yearly' ? 'Yearly' : 'Monthly'} plan —{' '}
            {status.noRenew ? 'ends on ' : 'renews on '}
            <strong>{longDate(status.endPeriod)}</strong>
          </p>
          <label className="switch">
            <input type="checkbox" checked={!status.noRenew} onChange={toggle} disabled={busy} />
            <span>Autopay</span>
          </label>
          <AutopayNote noRenew={status.noRenew} endPeriod={status.endPeriod} />
          {upgraded && (
            <p className="form-done" role="status">
              Your subscription has been updated to Yearly
            </p>
          )}
          {!status.plan.includes('yearly') && (
            <div className="upgrade-card" data-upgrade-card>
              <h3>Go yearly</h3>
              <p>
                ${yearly.price} a year instead of paying monthly. The unused part of this month is credited.
              </p>
              <button type="button" className="btn btn-primary" onClick={openUpgrade} disabled={busy}>
                Upgrade to Yearly
              </button>
            </div>
          )}
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {status.endPeriod !== null && (
        <AutopayOffDialog
          ref={offDialog}
          endPeriod={status.endPeriod}
          onCancel={() => offDialog.current?.close()}
          onConfirm={turnOff}
        />
      )}
      <UpgradeDialog
        ref={dialog}
        yearlyPrice={yearly.price}
        onCancel={() => dialog.current?.close()}
        onConfirm={upgrade}
      />
    </section>
  );
}
