import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { tagTrips } from '../trip-tags-data.ts';
import type { Review } from './chart-data.ts';

const clean = (text: string) => (text.trim() === '' ? null : text.trim().replace(',', '.'));

/**
 * The trip's plan, editable where it is read: planned risk (dollars), stop and target (prices). The
 * stop and target are drawn on the chart; the risk gives MAE/MFE in R; and the course's rules on
 * stops and risk read them. Saved through journal/trades/tags/update, then the review is asked again.
 */
export function PlanForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const client = useQueryClient();
  const { plan, trip } = review;
  const [risk, setRisk] = useState(plan.risk ?? '');
  const [stop, setStop] = useState(plan.stop ?? '');
  const [target, setTarget] = useState(plan.target ?? '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setSaving(true);
    try {
      await tagTrips(client, {
        trip_ids: [trip.id],
        risk: clean(risk),
        stop: clean(stop),
        target: clean(target),
      });
      await client.invalidateQueries({ queryKey: ['trades', 'review', trip.id] });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The plan was not saved. Please try again.');
    } finally {
      setSaving(false);
    }
  }
  const field = (label: string, value: string, set: (v: string) => void) => (
    <label>
      {label}
      <input value={value} inputMode="decimal" size={9} onChange={(e) => set(e.target.value)} />
    </label>
  );
  return (
    <form className="review-plan-form" aria-label="Plan of this trade" onSubmit={(e) => void submit(e)}>
      {field(`Planned risk (${trip.currency})`, risk, setRisk)}
      {field('Stop price', stop, setStop)}
      {field('Target price', target, setTarget)}
      <div className="review-plan-form__actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={saving}>
          Save plan
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

/** The account size the risk rule measures against (the courses profile), asked for where the rule needs it. */
export function AccountSizeForm({ trip }: { trip: string }) {
  const client = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      await callApi('courses/profile', { accountSize: clean(value) });
      await client.invalidateQueries({ queryKey: ['trades', 'review', trip] });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The account size was not saved. Please try again.');
    }
  }
  return (
    <form className="review-plan-form" aria-label="Account size" onSubmit={(e) => void submit(e)}>
      <label>
        Your account size (dollars)
        <input value={value} inputMode="decimal" size={10} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-sm">
        Save account size
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
