import { startTransition, useEffect, useState } from 'react';

type EditorModule = typeof import('./editor/NoteEditor.tsx');

/** Set once the editor's chunk has run: later notes and visits mount the editor at once. */
let loaded = false;
let request: Promise<EditorModule> | null = null;

/** The editor's chunk (NoteEditor with Slate), fetched once; a failed fetch is tried again next time. */
export function loadNoteEditor(): Promise<EditorModule> {
  request ??= import('./editor/NoteEditor.tsx').then(
    (module) => {
      loaded = true;
      return module;
    },
    (error: unknown) => {
      request = null;
      throw error;
    },
  );
  return request;
}

/** Runs `then` once the frame being drawn has been painted: a frame, then a task. */
function afterPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Fetches the editor's chunk as soon as the first screen is painted, before any note is open, so a
 * member who clicks at once waits as little as possible. Nothing is drawn again for it.
 */
export function usePreloadNoteEditor(): void {
  useEffect(() => (loaded ? undefined : afterPaint(() => void loadNoteEditor().catch(() => {}))), []);
}

/**
 * Whether the editor may be mounted. Slate is most of the journal's code: fetched, compiled and run in
 * the route's chunk it was the first load's longest task (docs/benchmarks.md, Lighthouse). So the page
 * draws its first screen with a skeleton in the editor's place, and only after that frame has been
 * painted is the chunk fetched and run, in a task of its own; the editor then mounts with the note.
 */
export function useNoteEditorAfterPaint(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    let shown = true;
    // On a failed fetch the editor mounts all the same: its own import tries again and a failure
    // reaches the route's error screen, as a route chunk's would.
    const mount = () => {
      if (shown) startTransition(() => setReady(true));
    };
    const cancel = afterPaint(() => void loadNoteEditor().then(mount, mount));
    return () => {
      shown = false;
      cancel();
    };
  }, [ready]);
  return ready;
}
