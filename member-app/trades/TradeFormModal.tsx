import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { newId } from '../../functions/_lib/ids.ts';
import {
  cleanNote,
  cleanSymbol,
  normalizePrice,
  TRADE_MESSAGES,
  tradeFormError,
} from '../../functions/_lib/trades/rules.ts';
import { TextField } from '../account/TextField.tsx';
import { ApiError } from '../api/client.ts';
import { saveTrade, tradesChanged } from './trades-writes.ts';

/** docs/product.md §5: price inputs take digits and one decimal separator as typed; a comma becomes a dot. */
function typedPrice(text: string): string {
  const dotted = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = dotted.indexOf('.');
  return point < 0 ? dotted : dotted.slice(0, point + 1) + dotted.slice(point + 1).replace(/\./g, '');
}

const fromTrade = (trade: Trade | null) => ({
  symbol: trade?.symbol ?? '',
  tradeType: trade?.tradeType ?? ('buy' as 'buy' | 'sell'),
  buyPrice: trade?.buyPrice ?? '',
  sellPrice: trade?.sellPrice ?? '',
  shares: trade?.shares ?? '',
  note: trade?.note ?? '',
});

/** docs/product.md §2/§5: add or edit one trade; the rules are checked when the member submits. */
/** Beside the brief's words when the store is down (503): the member knows waiting will help. */
const UNAVAILABLE = 'The service is temporarily unavailable; what you typed is kept.';

export function TradeFormModal({ trade, onClose }: { trade: Trade | null; onClose: () => void }) {
  const client = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState(() => fromTrade(trade));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveTrade,
    onSuccess: async () => {
      await tradesChanged(client);
      dialog.current?.close();
    },
    // docs/product.md §8: a failed save says so and keeps everything typed; the server's 4xx words are shown as they come.
    onError: (e) =>
      setError(
        e instanceof ApiError && e.status >= 400 && e.status < 500
          ? e.message
          : e instanceof ApiError && e.status === 503
            ? `${TRADE_MESSAGES.saveFailed} ${UNAVAILABLE}`
            : TRADE_MESSAGES.saveFailed,
      ),
  });
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const sell = values.tradeType === 'sell';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = tradeFormError({ ...values, sellPrice: sell ? values.sellPrice : null });
    setError(problem);
    if (problem) return;
    const sellPrice = normalizePrice(values.sellPrice);
    save.mutate({
      trade_id: trade?.trade_id ?? newId('trade_'),
      symbol: cleanSymbol(values.symbol),
      tradeType: values.tradeType,
      buyPrice: normalizePrice(values.buyPrice),
      sellPrice: sell && sellPrice !== '' ? sellPrice : null,
      shares: values.shares.trim(),
      note: cleanNote(values.note),
      ...(trade ? { updated: trade.updated, time: trade.time } : {}),
    });
  }

  const title = trade ? 'Edit Trade' : 'Add Trade';
  return (
    <dialog ref={dialog} className="modal trade-form" aria-labelledby="trade-form-title" onClose={onClose}>
      <h2 id="trade-form-title">{title}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          id="trade-symbol"
          label="Symbol"
          value={values.symbol}
          onValue={set('symbol')}
          autoComplete="off"
          invalid={error === TRADE_MESSAGES.symbol}
          describedBy="trade-form-error"
        />
        <fieldset className="trade-form__side">
          <legend>Trade type</legend>
          {(['buy', 'sell'] as const).map((side) => (
            <label key={side}>
              <input
                type="radio"
                name="tradeType"
                value={side}
                checked={values.tradeType === side}
                onChange={() => set('tradeType')(side)}
              />{' '}
              {side === 'buy' ? 'Buy' : 'Sell'}
            </label>
          ))}
        </fieldset>
        <TextField
          id="trade-buy-price"
          label="Buy price"
          value={values.buyPrice}
          onValue={(v) => set('buyPrice')(typedPrice(v))}
          inputMode="decimal"
          autoComplete="off"
          describedBy="trade-form-error"
        />
        {sell && (
          <TextField
            id="trade-sell-price"
            label="Sell price"
            value={values.sellPrice}
            onValue={(v) => set('sellPrice')(typedPrice(v))}
            inputMode="decimal"
            autoComplete="off"
            describedBy="trade-form-error"
          />
        )}
        <TextField
          id="trade-shares"
          label="Shares"
          value={values.shares}
          onValue={set('shares')}
          inputMode="numeric"
          autoComplete="off"
          describedBy="trade-form-error"
        />
        <label htmlFor="trade-note">Note</label>
        <textarea
          id="trade-note"
          rows={3}
          value={values.note}
          onChange={(e) => set('note')(e.target.value)}
        />
        <p id="trade-form-error" className="form-error" role="alert">
          {error}
        </p>
        <div className="modal__actions">
          <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {trade ? 'Save Trade' : 'Add Trade'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
