import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import type { TripTag } from '../../functions/_lib/contract/index.ts';
import { cleanTagName, MAX_TAGS } from '../../functions/_lib/trades/tags.ts';
import { deleteTag, renameTag, type TripTags } from './trip-tags-data.ts';

/**
 * The member's setup and mistake tags with how many trades carry each: rename one everywhere (the
 * name of another tag of its kind merges the two) or delete it from every trade, which also frees a
 * place under the 100-tag cap. `onChanged` hears old id → new id ('' when deleted), so a page
 * filtered by the tag follows it.
 */
export function TagManager({
  tags,
  onChanged,
}: {
  tags: TripTags;
  onChanged: (from: string, to: string) => void;
}) {
  const counts = useMemo(() => {
    const count = new Map<string, number>();
    for (const note of Object.values(tags.trips))
      for (const id of note.tags) count.set(id, (count.get(id) ?? 0) + 1);
    return count;
  }, [tags.trips]);
  if (tags.tags.length === 0) return null;
  return (
    <details className="tag-manager">
      <summary>
        Manage tags ({tags.tags.length} of {MAX_TAGS})
      </summary>
      <ul aria-label="Your tags">
        {tags.tags.map((tag) => (
          <TagRow key={tag.id} tag={tag} trades={counts.get(tag.id) ?? 0} onChanged={onChanged} />
        ))}
      </ul>
    </details>
  );
}

function TagRow({
  tag,
  trades,
  onChanged,
}: {
  tag: TripTag;
  trades: number;
  onChanged: (from: string, to: string) => void;
}) {
  const client = useQueryClient();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (edit: () => Promise<string>) => {
    setBusy(true);
    setError('');
    try {
      onChanged(tag.id, await edit());
      setMode('view');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The tag was not changed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (cleanTagName(name) === tag.name) return setMode('view');
    void run(() => renameTag(client, tag, name));
  };
  const used = `${trades.toLocaleString('en-US')} trade${trades === 1 ? '' : 's'}`;
  return (
    <li className="tag-manager__row">
      <span className={`tag-chip is-${tag.kind}`}>{tag.name}</span>
      <span className="muted">
        {tag.kind === 'setup' ? 'Setup' : 'Mistake'} · {used}
      </span>
      {mode === 'view' && (
        <span className="tag-manager__actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('rename')}>
            Rename <span className="visually-hidden">{tag.name}</span>
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('delete')}>
            Delete <span className="visually-hidden">{tag.name}</span>
          </button>
        </span>
      )}
      {mode === 'rename' && (
        <form className="tag-form" aria-label={`Rename ${tag.name}`} onSubmit={rename}>
          <label>
            New name
            <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-sm" disabled={busy}>
            Save name
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'delete' && (
        <span className="tag-manager__actions">
          <span>Remove from {used} and delete?</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => void run(() => deleteTag(client, tag))}
          >
            Delete tag
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('view')}>
            Keep it
          </button>
        </span>
      )}
      {error && <p role="alert">{error}</p>}
    </li>
  );
}
