import { useEffect, useRef, useState } from 'react';

/**
 * The 'Import Trades' entry point. The CSV import flow (trades/import/ImportTrades.tsx, props
 * `{ onDone(): void }`) is being built separately: until it lands, the button opens this placeholder
 * dialog. To wire it in, render `<ImportTrades onDone={close} />` inside the dialog below.
 */
export function ImportTradesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)}>
        Import Trades
      </button>
      {open && <ImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="import-trades-title" onClose={onClose}>
      <h2 id="import-trades-title">Import Trades</h2>
      {/* IMPORT FLOW GOES HERE: <ImportTrades onDone={() => dialog.current?.close()} /> */}
      <p>Importing broker statements is coming soon.</p>
      <div className="modal__actions">
        <button type="button" className="btn btn-primary" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
