import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { TripTag } from '../../functions/_lib/contract/index.ts';
import { type TagTripsInput, tagTrips } from './trip-tags-data.ts';

/** The tags endpoint takes this many trips a call; a larger selection goes in turns. */
const BULK = 500;

/** Name a tag (an existing one is picked from the list as it is typed) and put it on the trips. */
export function TagForm({
  tags,
  trips,
  label,
  autoFocus = false,
}: {
  tags: readonly TripTag[];
  trips: readonly string[];
  label: string;
  autoFocus?: boolean;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TripTag['kind']>('setup');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const listId = useRef(`tags-${Math.random().toString(36).slice(2)}`).current;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = name.trim();
    if (!typed) return;
    const known = tags.find((tag) => tag.kind === kind && tag.name.toLowerCase() === typed.toLowerCase());
    const edit: Omit<TagTripsInput, 'trip_ids'> = known
      ? { add: [known.id] }
      : { define: [{ name: typed, kind }] };
    setBusy(true);
    setError('');
    try {
      for (let i = 0; i < trips.length; i += BULK)
        await tagTrips(client, { trip_ids: trips.slice(i, i + BULK), ...edit });
      setName('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The tag was not saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="tag-form" aria-label={label} onSubmit={(e) => void submit(e)}>
      <label>
        Tag
        <input
          value={name}
          list={listId}
          maxLength={40}
          // biome-ignore lint/a11y/noAutofocus: only when the member followed a goal's link to this field.
          autoFocus={autoFocus}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <datalist id={listId}>
        {tags
          .filter((tag) => tag.kind === kind)
          .map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
      </datalist>
      <label>
        Kind
        <select value={kind} onChange={(e) => setKind(e.target.value as TripTag['kind'])}>
          <option value="setup">Setup</option>
          <option value="mistake">Mistake</option>
        </select>
      </label>
      <button type="submit" className="btn btn-sm" disabled={busy}>
        {label}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
