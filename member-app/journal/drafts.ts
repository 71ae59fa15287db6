import { sessionIdentity } from '../auth/session.ts';

/**
 * No lost words (issue: a crash, a reload, a failed save): every unsaved edit is also kept in the
 * browser, per member and note, until a save succeeds. Local storage, one key per member; a draft
 * holds what a save would send, and the version it was based on.
 */
/** What a save sends: the note's fields, and the stored version the edit began from (null: never saved). */
export interface NoteFields {
  note_id: string;
  title: string;
  body: string;
  symbols: string[];
  categories: string[];
  basedOn: number | null;
}

export interface Draft extends NoteFields {
  /** When the draft was last written (ms). */
  at: number;
}

const key = () => `journal-drafts:${sessionIdentity() ?? 'visitor'}`;

function readAll(): Record<string, Draft> {
  try {
    const parsed = JSON.parse(localStorage.getItem(key()) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Draft>) : {};
  } catch {
    return {}; // unreadable or storage disabled: no drafts
  }
}

function writeAll(drafts: Record<string, Draft>): void {
  try {
    if (Object.keys(drafts).length === 0) localStorage.removeItem(key());
    else localStorage.setItem(key(), JSON.stringify(drafts));
  } catch {
    // Storage full or disabled: the editor still holds the text; nothing else to do.
  }
}

/** Ids of every note with a draft (one read of storage). */
export const draftIds = (): Set<string> => new Set(Object.keys(readAll()));

export const readDraft = (noteId: string): Draft | null => readAll()[noteId] ?? null;

/** Drafts of notes never saved (they are not in the server's list), newest first. */
export const unsavedNewDrafts = (): Draft[] =>
  Object.values(readAll())
    .filter((d) => d.basedOn === null)
    .sort((a, b) => b.at - a.at);

export function keepDraft(draft: Omit<Draft, 'at'>): void {
  writeAll({ ...readAll(), [draft.note_id]: { ...draft, at: Date.now() } });
}

export function dropDraft(noteId: string): void {
  const drafts = readAll();
  if (!(noteId in drafts)) return;
  delete drafts[noteId];
  writeAll(drafts);
}
