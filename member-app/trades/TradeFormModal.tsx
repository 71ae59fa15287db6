import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import {
  cleanNote,
  cleanSymbol,
  normalizePrice,
  TRADE_MESSAGES,
  type TradeField,
  tradeFormProblem,
} from '../../functions/_lib/trades/rules.ts';
import { TextField } from '../account/TextField.tsx';
import { ApiError } from '../api/client.ts';
import { tradeTimeZone } from './time-zone.ts';
import { formTime, formValues, shownPrices, typedPrice } from './trade-form-values.ts';
import { saveTrade, tradesChanged } from './trades-writes.ts';

/** Beside the brief's words when the store is down (503): the member knows waiting will help. */
const UNAVAILABLE = 'The service is temporarily unavailable; what you typed is kept.';
const ERROR_ID = 'trade-form-error';
/** The input a field's message marks and focuses is `trade-<field>` (a time's is its date). */
const inputId = (field: TradeField) => `trade-${field}`;
/** A server refusal names no field: its message does, for the fields the browser cannot fully check. */
const fieldOf = (message: string): TradeField | null =>
  message === TRADE_MESSAGES.futureTime || message === TRADE_MESSAGES.time
    ? 'time'
    : message === TRADE_MESSAGES.fees
      ? 'fees'
      : null;

/**
 * docs/product.md §2/§5: add or edit one trade as it happened — its side's price, date and time in the
 * member's trade-time zone, fees; the rules are checked when the member submits, and the message marks
 * and focuses the field at fault.
 */
export default function TradeFormModal({
  trade,
  focusNote = false,
  newTradeId,
  onClose,
}: {
  trade: Trade | null;
  /** Opened from a practice goal's link: the Note field has the focus. */
  focusNote?: boolean;
  /** A new trade's id (the page's: the ids module stays in its chunk, out of this lazy one). */
  newTradeId: () => string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const [initial] = useState(() => formValues(trade));
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: TradeField | null; message: string } | null>(null);
  const save = useMutation({
    mutationFn: saveTrade,
    onSuccess: async () => {
      await tradesChanged(client);
      dialog.current?.close();
    },
    // docs/product.md §8: a failed save says so and keeps everything typed; the server's 4xx words are shown as they come.
    onError: (e) => {
      const message =
        e instanceof ApiError && e.status >= 400 && e.status < 500
          ? e.message
          : e instanceof ApiError && e.status === 503
            ? `${TRADE_MESSAGES.saveFailed} ${UNAVAILABLE}`
            : TRADE_MESSAGES.saveFailed;
      setError({ field: fieldOf(message), message });
    },
  });
  useEffect(() => {
    dialog.current?.showModal();
    if (focusNote) document.getElementById('trade-note')?.focus();
  }, [focusNote]);
  useEffect(() => {
    if (error?.field) document.getElementById(inputId(error.field))?.focus();
  }, [error]);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const shown = shownPrices(values.tradeType, trade);
  // An edit sends the time and fees only when changed: what the trade has stays as it is.
  const timeChanged = values.date !== initial.date || values.time !== initial.time;
  const feesChanged = values.fees !== initial.fees;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const buyPrice = shown.buyPrice ? normalizePrice(values.buyPrice) : '';
    const sellPrice = shown.sellPrice ? normalizePrice(values.sellPrice) : '';
    const time = trade && !timeChanged ? undefined : formTime(values);
    const fees = trade && !feesChanged ? undefined : normalizePrice(values.fees) || '0';
    const problem = tradeFormProblem({ ...values, buyPrice, sellPrice, time, fees });
    setError(problem);
    if (problem) return;
    save.mutate({
      trade_id: trade?.trade_id ?? newTradeId(),
      symbol: cleanSymbol(values.symbol),
      tradeType: values.tradeType,
      buyPrice: buyPrice || null,
      sellPrice: sellPrice || null,
      shares: values.shares.trim(),
      note: cleanNote(values.note),
      ...(time === undefined ? {} : { time }),
      ...(fees === undefined ? {} : { fees }),
      ...(trade ? { updated: trade.updated } : {}),
    });
  }

  // Each input: marked and described by the message when it is the one at fault.
  const field = (name: TradeField) => (error?.field === name ? { invalid: true, describedBy: ERROR_ID } : {});
  const price = (name: 'buyPrice' | 'sellPrice' | 'fees', label: string) => (
    <TextField
      id={inputId(name)}
      label={label}
      value={values[name]}
      onValue={(v) => set(name)(typedPrice(v))}
      inputMode="decimal"
      autoComplete="off"
      {...field(name)}
    />
  );
  const when = field('time');
  const title = trade ? 'Edit Trade' : 'Add Trade';
  return (
    <dialog ref={dialog} className="modal trade-form" aria-labelledby="trade-form-title" onClose={onClose}>
      <h2 id="trade-form-title">{title}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          id={inputId('symbol')}
          label="Symbol"
          value={values.symbol}
          onValue={set('symbol')}
          autoComplete="off"
          {...field('symbol')}
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
        {shown.sellPrice && price('sellPrice', 'Sell price')}
        {shown.buyPrice && price('buyPrice', 'Buy price')}
        <TextField
          id={inputId('shares')}
          label="Shares"
          value={values.shares}
          onValue={set('shares')}
          inputMode="numeric"
          autoComplete="off"
          {...field('shares')}
        />
        <fieldset className="trade-form__when">
          <legend>Executed ({tradeTimeZone().replace(/_/g, ' ')} time)</legend>
          <TextField
            id={inputId('time')}
            label="Date"
            type="date"
            value={values.date}
            onValue={set('date')}
            {...when}
          />
          <TextField
            id="trade-clock"
            label="Time"
            type="time"
            step={1}
            value={values.time}
            onValue={set('time')}
            {...when}
          />
        </fieldset>
        {price('fees', 'Fees')}
        <label htmlFor="trade-note">Note</label>
        <textarea
          id="trade-note"
          rows={3}
          value={values.note}
          onChange={(e) => set('note')(e.target.value)}
        />
        <p id={ERROR_ID} className="form-error" role="alert">
          {error?.message}
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

/**
 * The split and symbol-change form rides in this lazy chunk: one more chunk would lengthen the list of
 * chunks the member app's first load carries (its 110 KB budget), and both are forms of the page.
 */
export { CorporateActions } from './CorporateActions.tsx';
