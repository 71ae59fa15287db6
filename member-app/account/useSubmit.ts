import { type FormEvent, useState } from 'react';

export type FormStatus =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; message: string };

/**
 * One form's submit cycle. `action` resolves to the success line, or throws with the message to
 * show: a browser-side check (docs/product.md §5 wording) or the server's answer (docs/product.md §8).
 */
export function useSubmit(action: () => Promise<string>) {
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'busy') return;
    setStatus({ kind: 'busy' });
    try {
      setStatus({ kind: 'done', message: await action() });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : 'Something Went Wrong' });
    }
  };
  return { status, onSubmit };
}
