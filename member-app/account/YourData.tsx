import { lazy, Suspense, useState } from 'react';
import { downloadMyData } from './account-data.ts';
import { FormStatusLine } from './FormStatusLine.tsx';
import type { FormStatus } from './useSubmit.ts';

// The dialog (its form, the sign-out after) loads when the member asks for it: most visits never do.
const DeleteAccountDialog = lazy(() =>
  import('./DeleteAccountDialog.tsx').then((m) => ({ default: m.DeleteAccountDialog })),
);

/** /account "Your data": take everything kept of you as a file, or delete the account for good. */
export function YourData() {
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  const [deleting, setDeleting] = useState(false);
  const download = async () => {
    if (status.kind === 'busy') return;
    setStatus({ kind: 'busy' });
    try {
      await downloadMyData();
      setStatus({ kind: 'done', message: 'Your data has been downloaded.' });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : 'Something Went Wrong' });
    }
  };
  return (
    <section className="account-form" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>One file (JSON) with your profile, subscription, notes, trades, tags and course progress.</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void download()}
        disabled={status.kind === 'busy'}
        aria-describedby="your-data-status"
      >
        {status.kind === 'busy' ? 'Preparing…' : 'Download my data'}
      </button>
      <FormStatusLine status={status} id="your-data-status" />
      <p>Deleting your account ends your membership now and removes everything of yours.</p>
      <button type="button" className="btn btn-ghost" onClick={() => setDeleting(true)}>
        Delete my account
      </button>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog onCancel={() => setDeleting(false)} />
        </Suspense>
      )}
    </section>
  );
}
