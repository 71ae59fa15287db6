import { lazy, Suspense } from 'react';
import { EditorSkeleton } from './EditorSkeleton.tsx';
import type { NoteEditorProps } from './editor/NoteEditor.tsx';
import { loadNoteEditor, useNoteEditorAfterPaint } from './editor-loading.ts';

const NoteEditor = lazy(loadNoteEditor);

/**
 * The note editor in its own chunk (docs/journal.md): a skeleton of its size until the first screen
 * is painted and the chunk has run, then the editor, mounted once with the note as it is then.
 */
export function LazyNoteEditor(props: NoteEditorProps) {
  const ready = useNoteEditorAfterPaint();
  const skeleton = <EditorSkeleton readOnly={props.readOnly ?? false} />;
  return ready ? (
    <Suspense fallback={skeleton}>
      <NoteEditor {...props} />
    </Suspense>
  ) : (
    skeleton
  );
}
