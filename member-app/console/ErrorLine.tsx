import { isRefusal, REFUSAL } from './console-data.ts';

/** A failed read, said once in an alert (a refusal in the words the whole page uses for it). */
export function ErrorLine({ error, what }: { error: Error | null; what: string }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {isRefusal(error) ? REFUSAL : `Could not load ${what}: ${error.message}. Try again in a moment.`}
    </p>
  );
}
