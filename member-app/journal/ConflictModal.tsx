import { useEffect, useRef } from 'react';

/**
 * No silent overwrite: the note was saved elsewhere (another tab or device) since this edit began.
 * The member keeps either version.
 */
export function ConflictModal({
  theirs,
  onKeepMine,
  onUseTheirs,
}: {
  theirs: { title: string; timestamp: number };
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const when = new Date(theirs.timestamp).toLocaleString();
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="conflict-title"
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id="conflict-title">This note changed elsewhere</h2>
      <p>
        It was saved in another tab or on another device at {when} ("{theirs.title}"). Which version do you
        want to keep?
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn-ghost" onClick={onUseTheirs}>
          Use the other version
        </button>
        <button type="button" className="btn btn-primary" onClick={onKeepMine}>
          Keep mine
        </button>
      </div>
    </dialog>
  );
}
