import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { ApiError, callApi } from '../api/client.ts';
import { CheckAttempts } from './CheckAttempts.tsx';
import type { CheckData, CheckResult } from './module-data.ts';
import { RetryTime } from './RetryTime.tsx';

/**
 * The module's knowledge check: the questions drawn for this attempt, one fieldset each, graded on
 * the server; then the member's attempts (which were wrong, why, what to review) and, after the
 * wait a failed check has, a new draw read from the server.
 */
export function CheckForm({
  course,
  module,
  check: initial,
}: {
  course: string;
  module: string;
  check: CheckData;
}) {
  const client = useQueryClient();
  const [check, setCheck] = useState(initial);
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(initial.state.retryAt);
  const [busy, setBusy] = useState(false);
  const state = check.state;

  /** The module read again: the attempts kept on the server and the next attempt's questions. */
  const refresh = useCallback(async () => {
    try {
      const page = await callApi('courses/module', { course, module });
      client.setQueryData(['courses/module', course, module], page);
      if (page.check) setCheck(page.check);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The check could not be read again');
    }
  }, [client, course, module]);
  const ready = useCallback(() => {
    setRetryAt(null);
    void refresh();
  }, [refresh]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answers = check.questions.map((q) => ({
      question: q.id,
      choices: form.getAll(q.id).map(String),
    }));
    setBusy(true);
    setError(null);
    try {
      const graded = await callApi('courses/check', { course, module, answers });
      setResult(graded);
      setRetryAt(graded.state.retryAt);
      await refresh();
    } catch (caught) {
      if (caught instanceof ApiError && typeof caught.body.retryAt === 'number')
        setRetryAt(caught.body.retryAt);
      setError(caught instanceof Error ? caught.message : 'The check could not be sent');
    } finally {
      setBusy(false);
    }
  }

  const wrong = result?.questions.filter((q) => !q.correct).length ?? 0;
  return (
    <section className="learn-check card" aria-labelledby="check-title">
      <h2 id="check-title">Knowledge check</h2>
      <p className="muted">
        Pass mark {check.passMark}%. Each attempt draws its questions anew.
        {state.attempts > 0 &&
          ` Attempts: ${state.attempts}, best ${state.best ?? 0}%${state.passed ? ', passed' : ''}.`}
      </p>
      {check.questions.length > 0 && retryAt === null && (
        // A new draw is a new form: nothing chosen for the questions before carries over.
        <form key={check.questions.map((q) => q.id).join()} onSubmit={submit}>
          {check.questions.map((q, i) => (
            <fieldset key={q.id} className="learn-question">
              <legend>
                {i + 1}. {q.prompt}
                {q.kind === 'multiple' && <span className="muted"> (choose all that apply)</span>}
              </legend>
              {q.choices.map((c) => (
                <label key={c.id} className="learn-choice">
                  <input type={q.kind === 'single' ? 'radio' : 'checkbox'} name={q.id} value={c.id} />{' '}
                  {c.text}
                </label>
              ))}
            </fieldset>
          ))}
          <button className="btn btn-primary" type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Submit answers'}
          </button>
        </form>
      )}
      <div role="status" aria-live="polite" className="learn-result">
        {result && (
          <p>
            <strong>{result.passed ? 'Passed' : 'Not passed yet'}</strong>: {result.score}% (pass mark{' '}
            {result.passMark}%).{' '}
            {wrong > 0 ? `${wrong} answered wrong: see why below.` : 'Every answer right.'}
          </p>
        )}
        {retryAt !== null && <RetryTime at={retryAt} onReady={ready} />}
        {error && retryAt === null && <p className="form-error">{error}</p>}
      </div>
      <CheckAttempts course={course} attempts={check.attempts} passed={state.passed} />
    </section>
  );
}
