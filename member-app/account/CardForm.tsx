import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef } from 'react';
import { callApi } from '../api/client.ts';
import { CardField } from '../billing/CardField.tsx';
import type { CardFieldHandle } from '../billing/card-field.ts';
import { billingDetailsQuery } from './billing-details-data.ts';
import { CardOnFile } from './CardOnFile.tsx';
import { FormStatusLine } from './FormStatusLine.tsx';
import { subscriptionStatusQuery } from './subscription-data.ts';
import { useSubmit } from './useSubmit.ts';

/** docs/product.md §2 /account: update card, with the same card field as /payment. */
export function CardForm() {
  const card = useRef<CardFieldHandle>(null);
  const queryClient = useQueryClient();
  const { status, onSubmit } = useSubmit(async () => {
    const result = await (card.current?.tokenize() ?? Promise.resolve({ empty: true as const }));
    if ('empty' in result) throw new Error('Card Info Required');
    if ('invalid' in result) throw new Error(result.invalid);
    await callApi('user/updatecard', { token: result.token });
    void queryClient.invalidateQueries({ queryKey: billingDetailsQuery.queryKey, exact: true });
    // A new card may end a failing renewal: the past-due banner (past-due/) goes once the status says so.
    void queryClient.invalidateQueries({ queryKey: subscriptionStatusQuery.queryKey, exact: true });
    return 'Your card has been updated.';
  });
  return (
    // The past-due banner's link lands here (past-due/past-due.ts CARD_FORM_ID, focused: hence
    // tabIndex -1). The id is written out: importing it would add a shared chunk to the app.
    <form
      className="account-form"
      id="update-card"
      tabIndex={-1}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="card-title"
    >
      <h2 id="card-title">Card</h2>
      <CardOnFile />
      <Suspense fallback={<p className="muted">Loading the card form…</p>}>
        <CardField ref={card} id="account-card" />
      </Suspense>
      <button className="btn btn-primary" type="submit" disabled={status.kind === 'busy'}>
        {status.kind === 'busy' ? 'Saving…' : 'Update Card'}
      </button>
      <FormStatusLine status={status} id="card-status" />
    </form>
  );
}
