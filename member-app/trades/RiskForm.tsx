import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { tagTrips } from './trip-tags-data.ts';

/** The planned risk in dollars: the reports' R of this trade is its net ÷ this. */
export function RiskForm({
  trip,
  risk,
  autoFocus = false,
}: {
  trip: ClosedTrade;
  risk: string | null;
  autoFocus?: boolean;
}) {
  const client = useQueryClient();
  const [text, setText] = useState(risk ?? '');
  const [error, setError] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      await tagTrips(client, {
        trip_ids: [trip.id],
        risk: text.trim() === '' ? null : text.trim().replace(',', '.'),
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The risk was not saved. Please try again.');
    }
  }
  const r = risk ? toDecimal(trip.net).div(risk).toFixed(2) : null;
  return (
    <form className="tag-form" aria-label="Planned risk" onSubmit={(e) => void submit(e)}>
      <label>
        Planned risk ({trip.currency})
        <input
          value={text}
          inputMode="decimal"
          size={8}
          // biome-ignore lint/a11y/noAutofocus: only when the member followed a goal's link to this field.
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-sm">
        Save risk
      </button>
      {r !== null && <span>{`${r.startsWith('-') ? '' : '+'}${r}R`}</span>}
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
