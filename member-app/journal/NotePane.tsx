import type { Category } from '../../functions/_lib/contract/index.ts';
import { MAX_TITLE } from '../../functions/_lib/journal/rules.ts';
import { LazyNoteEditor } from './LazyNoteEditor.tsx';
import { NEW_NOTE_TITLE } from './NoteList.tsx';
import type { Editing, NoteFields } from './useNoteEditing.ts';
import { VideoEmbed } from './VideoEmbed.tsx';

const renderVideo = (video: { id: string; title: string }) => <VideoEmbed {...video} />;

/** The open note: title, its categories, the rich-text editor, the unsaved indicator, Save and Delete. */
export function NotePane({
  editing,
  categories,
  onChange,
  onBodyChange,
  onSave,
  onDelete,
  saving,
  status,
  resolveVideo,
}: {
  editing: Editing;
  categories: Category[];
  onChange: (patch: Partial<NoteFields>) => void;
  onBodyChange: (body: string, symbols: string[]) => void;
  onSave: (() => void) | null;
  onDelete: (() => void) | null;
  saving: boolean;
  status: { kind: 'error' | 'info'; text: string } | null;
  resolveVideo: (id: string) => Promise<{ id: string; title: string } | null>;
}) {
  // docs/product.md §5: Save needs a title and unsaved changes.
  const canSave = onSave !== null && editing.dirty && editing.title.trim() !== '' && !saving;
  const toggleCategory = (id: string, on: boolean) =>
    onChange({ categories: on ? [...editing.categories, id] : editing.categories.filter((c) => c !== id) });
  return (
    <section className="journal-pane card" aria-label="Note">
      <div className="journal-pane__head">
        <label className="journal-title">
          <span className="visually-hidden">Title</span>
          <input
            value={editing.title}
            maxLength={MAX_TITLE}
            placeholder={NEW_NOTE_TITLE}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        </label>
        <div className="journal-pane__actions">
          <span className="journal-status" role="status">
            {editing.dirty ? (
              <span className="journal-unsaved-dot">Unsaved changes</span>
            ) : editing.basedOn ? (
              'Saved'
            ) : (
              ''
            )}
          </span>
          {onDelete && (
            <button type="button" className="btn btn-ghost" onClick={onDelete}>
              Delete
            </button>
          )}
          {onSave && (
            <button type="button" className="btn btn-primary" disabled={!canSave} onClick={onSave}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          )}
        </div>
      </div>
      {status && (
        <p
          className={status.kind === 'error' ? 'form-error' : 'muted'}
          role={status.kind === 'error' ? 'alert' : undefined}
        >
          {status.text}
        </p>
      )}
      {categories.length > 0 && (
        <fieldset className="journal-note-categories">
          <legend className="visually-hidden">Categories of this note</legend>
          {categories.map((category) => (
            <label key={category.category_id} className="journal-chip-toggle">
              <input
                type="checkbox"
                checked={editing.categories.includes(category.category_id)}
                onChange={(event) => toggleCategory(category.category_id, event.target.checked)}
              />
              {category.category}
            </label>
          ))}
        </fieldset>
      )}
      <LazyNoteEditor
        key={`${editing.note_id}:${editing.load}`}
        initialHtml={editing.body}
        onChange={onBodyChange}
        renderVideo={renderVideo}
        resolveVideo={resolveVideo}
        label="Note text"
      />
    </section>
  );
}
