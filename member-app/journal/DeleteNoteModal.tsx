import { useEffect, useRef } from 'react';

/** docs/product.md §2 Journal: the delete confirmation modal titled 'Delete Note'. */
export function DeleteNoteModal({
  title,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="delete-note-title" onClose={onClose}>
      <h2 id="delete-note-title">Delete Note</h2>
      <p>
        Delete <strong>{title}</strong>? This cannot be undone.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
          Delete
        </button>
      </div>
    </dialog>
  );
}
