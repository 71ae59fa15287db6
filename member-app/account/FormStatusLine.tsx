import type { FormStatus } from './useSubmit.ts';

/** The line under a form: its error (announced at once) or its confirmation. */
export function FormStatusLine({ status, id }: { status: FormStatus; id: string }) {
  if (status.kind === 'error') {
    return (
      <p className="form-error" id={id} role="alert">
        {status.message}
      </p>
    );
  }
  return (
    <p className="form-done" id={id} role="status">
      {status.kind === 'done' ? status.message : ''}
    </p>
  );
}
