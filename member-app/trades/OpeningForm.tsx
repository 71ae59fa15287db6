import { type FormEvent, useState } from 'react';
import type { ImportedExecution } from '../../functions/_lib/contract/index.ts';
import { isDateOnly } from '../../functions/_lib/trades/bands.ts';
import type { OpenedBefore } from '../../functions/_lib/trades/round-trips.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import { tradeTimeZone } from './time-zone.ts';

const PRICE = /^\d{1,12}(\.\d{1,8})?$/;
/** When a member gives the day of an earlier opening but not its time: the market's open. */
const OPEN_TIME = '09:30';

/**
 * What a member gives to complete a close whose opening is not in the journal: the price a share of
 * the earlier position, the day, optionally the time. It becomes the opening execution (the close's
 * shares, before the close), so the close turns into an exact round trip. Used on the trades page
 * (saved at once) and in the import preview (imported with the file).
 */
export function OpeningForm({
  close,
  broker,
  busy = false,
  error: saveError = null,
  onOpening,
}: {
  close: OpenedBefore;
  /** The format the close came from: the opening is recorded as from the same place. */
  broker: string;
  busy?: boolean;
  error?: string | null;
  onOpening: (opening: ImportedExecution) => void;
}) {
  const [price, setPrice] = useState('');
  const [day, setDay] = useState(close.exit.slice(0, 10));
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const what = close.side === 'long' ? 'bought' : 'sold short';

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = openingError(close, price.trim(), day, time);
    setError(problem.error);
    if (problem.error !== null || problem.at === null) return;
    onOpening({
      broker,
      account: close.account || null,
      time: problem.at,
      symbol: close.symbol,
      side: close.side === 'long' ? 'buy' : 'sell',
      intent: 'open',
      qty: close.shares,
      price: price.trim(),
      fees: '0',
      currency: close.currency,
      ...(openingDateOnly(close, time) ? { dateOnly: true as const } : {}),
    });
  }

  const shown = error ?? saveError;
  return (
    <form className="opening-form" onSubmit={submit} noValidate aria-label={`Opening of ${close.symbol}`}>
      <label>
        Price a share when {what}
        <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} required />
      </label>
      <label>
        Day opened
        <input
          type="date"
          value={day}
          max={close.exit.slice(0, 10)}
          onChange={(e) => setDay(e.target.value)}
        />
      </label>
      <label>
        Time (optional)
        <input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      </label>
      <button className="btn btn-primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save opening'}
      </button>
      {shown && (
        <p className="form-error" role="alert">
          {shown}
        </p>
      )}
    </form>
  );
}

/**
 * Whether the opening is date-only: no time given for a close whose file gave dates only (its exit
 * is a date alone), so no time of day is made up for either end of the trip.
 */
export const openingDateOnly = (close: Pick<OpenedBefore, 'exit'>, time: string): boolean =>
  time === '' && isDateOnly(close.exit);

/**
 * The opening's instant, or why it cannot be saved. It must come before the close: a day before it
 * at the given time (or the market's open), or the close's own day at an earlier time; with no time
 * on the close's day, the close's own instant (an opening sorts before a close at the same time).
 * A date-only opening (openingDateOnly) on an earlier day is that day's midnight in the member's
 * zone, as an import of a dates-only file read in that zone would store it.
 */
export function openingError(
  close: Pick<OpenedBefore, 'exit' | 'at'>,
  price: string,
  day: string,
  time: string,
): { error: string | null; at: number | null } {
  if (!PRICE.test(price) || !/[1-9]/.test(price))
    return { error: 'Enter the price a share, e.g. 0.0042', at: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { error: 'Enter the day it was opened', at: null };
  const closeDay = close.exit.slice(0, 10);
  if (day > closeDay) return { error: `It must be opened on or before ${closeDay}`, at: null };
  if (day === closeDay && time === '') return { error: null, at: close.at };
  if (openingDateOnly(close, time)) return { error: null, at: zonedTimeToEpoch(day, tradeTimeZone()) };
  const at = zonedTimeToEpoch(`${day}T${time || OPEN_TIME}:00`, tradeTimeZone());
  if (at === null) return { error: 'Enter a time such as 09:30', at: null };
  if (at > close.at) return { error: `It must be opened before ${close.exit.replace('T', ' ')}`, at: null };
  return { error: null, at };
}
