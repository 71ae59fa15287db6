import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, callApi } from '../api/client.ts';
import { type CheckData, type CheckResult, lessonHref } from './module-data.ts';
import { RetryTime } from './RetryTime.tsx';

/** The module's knowledge check: one fieldset per question, graded on the server, then the results. */
export function CheckForm({ course, module, check }: { course: string; module: string; check: CheckData }) {
  const client = useQueryClient();
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(check.state.retryAt);
  const [busy, setBusy] = useState(false);
  const state = result?.state ?? check.state;

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
      client.removeQueries({ queryKey: ['courses/module', course, module] });
    } catch (caught) {
      if (caught instanceof ApiError && typeof caught.body.retryAt === 'number')
        setRetryAt(caught.body.retryAt);
      setError(caught instanceof Error ? caught.message : 'The check could not be sent');
    } finally {
      setBusy(false);
    }
  }

  const graded = new Map(result?.questions.map((q) => [q.id, q]));
  return (
    <section className="learn-check card" aria-labelledby="check-title">
      <h2 id="check-title">Knowledge check</h2>
      <p className="muted">
        Pass mark {check.passMark}%.
        {state.attempts > 0 &&
          ` Attempts: ${state.attempts}, best ${state.best ?? 0}%${state.passed ? ', passed' : ''}.`}
      </p>
      <form onSubmit={submit}>
        {check.questions.map((q, i) => {
          const outcome = graded.get(q.id);
          return (
            <fieldset key={q.id} className="learn-question">
              <legend>
                {i + 1}. {q.prompt}
                {q.kind === 'multiple' && <span className="muted"> (choose all that apply)</span>}
              </legend>
              {q.choices.map((c) => (
                <label key={c.id} className="learn-choice">
                  <input type={q.kind === 'single' ? 'radio' : 'checkbox'} name={q.id} value={c.id} />{' '}
                  {c.text}
                  {outcome?.correctChoices.includes(c.id) && <strong> (correct answer)</strong>}
                </label>
              ))}
              {outcome && (
                <div className={outcome.correct ? 'learn-right' : 'learn-wrong'}>
                  <p>
                    <strong>{outcome.correct ? 'Right.' : 'Not quite.'}</strong> {outcome.explanation}
                  </p>
                  <a href={lessonHref(outcome.teaches)}>Review: {outcome.teaches.title}</a>
                </div>
              )}
            </fieldset>
          );
        })}
        <button className="btn btn-primary" type="submit" disabled={busy || retryAt !== null}>
          {busy ? 'Checking…' : 'Submit answers'}
        </button>
      </form>
      <div role="status" aria-live="polite" className="learn-result">
        {result && (
          <p>
            <strong>{result.passed ? 'Passed' : 'Not passed yet'}</strong>: {result.score}% (pass mark{' '}
            {result.passMark}%).
          </p>
        )}
        {retryAt !== null && <RetryTime at={retryAt} onReady={() => setRetryAt(null)} />}
        {error && retryAt === null && <p className="form-error">{error}</p>}
      </div>
    </section>
  );
}
