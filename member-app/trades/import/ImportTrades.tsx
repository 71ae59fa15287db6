import { lazy, Suspense, useState } from 'react';

// The dialog (the file reader's hooks, the mapping form, the preview) loads when first wanted: the
// trades page draws without it. Pointing at the button starts the load, so it is there on click.
const loadDialog = () => import('./ImportDialog.tsx');
const ImportDialog = lazy(loadDialog);

/**
 * The trade journal's 'Import Trades' button and dialog: a broker CSV is read in a Web Worker, shown
 * as a preview, and only then sent to the server in calls of at most 1000 executions. The dialog
 * refreshes the trade lists itself when it saved something.
 */
export function ImportTrades() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        Import Trades
      </button>
      {open && (
        <Suspense>
          <ImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
