import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { formatAmount } from './format.ts';
import { deleteTrade, tradesChanged } from './trades-writes.ts';

/** Asks before deleting an execution (*Delete Trade*). */
export function DeleteTradeModal({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const client = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useMutation({
    mutationFn: deleteTrade,
    onSuccess: async () => {
      await tradesChanged(client);
      dialog.current?.close();
    },
  });
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="delete-trade-title" onClose={onClose}>
      <h2 id="delete-trade-title">Delete Trade</h2>
      <p>
        Delete the {trade.tradeType} of <strong>{formatAmount(trade.shares)}</strong> {trade.symbol}? This
        cannot be undone.
      </p>
      {remove.isError && (
        <p className="form-error" role="alert">
          The trade could not be deleted. Please try again.
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(trade.trade_id)}
        >
          Delete
        </button>
      </div>
    </dialog>
  );
}
