import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef } from 'react';
import { callApi } from '../api/client.ts';
import { CardField } from '../billing/CardField.tsx';
import type { CardFieldHandle } from '../billing/card-field.ts';
import { billingDetailsQuery } from './billing-details-data.ts';
import { CardOnFile } from './CardOnFile.tsx';
import { FormStatusLine } from './FormStatusLine.tsx';
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
    return 'Your card has been updated.';
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="card-title">
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
