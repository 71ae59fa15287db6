import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callApi } from '../api/client.ts';
import type { GoalData } from './module-data.ts';

/**
 * The module's practice goal, counted on the server from the member's journal: "7 of 10", what
 * counts and where it is entered, a link to that very field (the server picks the trade or trip) and, for a goal measured against the account size, the form to state it.
 */
export function GoalPanel({ goal, accountSize }: { goal: GoalData; accountSize: string | null }) {
  const percent = Math.min(100, Math.floor((goal.count * 100) / Math.max(1, goal.target)));
  return (
    <section className="card learn-goal" aria-labelledby="goal-title">
      <h2 id="goal-title">Practice in your journal</h2>
      <p>{goal.sentence}.</p>
      <p className="learn-goal__count">
        <progress max={goal.target} value={Math.min(goal.count, goal.target)} aria-label="Practice goal">
          {percent}%
        </progress>{' '}
        <strong>
          {goal.met ? 'Done: ' : ''}
          {Math.min(goal.count, goal.target)} of {goal.target}
        </strong>
      </p>
      <p className="muted">{goal.counts}</p>
      {goal.hint && <p className="muted">{goal.hint}</p>}
      {goal.kind === 'max-position-week' && <AccountSizeForm accountSize={accountSize} />}
      {!goal.met && (
        <p>
          <a className="btn btn-ghost" href={goal.href}>
            {goal.action}
          </a>
        </p>
      )}
    </section>
  );
}

function AccountSizeForm({ accountSize }: { accountSize: string | null }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('accountSize') ?? '').trim();
    setError(null);
    setSaved(false);
    try {
      await callApi('courses/profile', { accountSize: value === '' ? null : value });
      setSaved(true);
      await client.invalidateQueries({ queryKey: ['courses/module'] });
      await client.invalidateQueries({ queryKey: ['courses/progress'] });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The account size could not be saved');
    }
  }

  return (
    <form className="learn-goal__size" onSubmit={save}>
      <label>
        Your account size ($){' '}
        <input name="accountSize" inputMode="decimal" defaultValue={accountSize ?? ''} size={12} />
      </label>{' '}
      <button className="btn btn-ghost" type="submit">
        Save
      </button>
      {saved && <span role="status"> Saved</span>}
      {error && <span role="alert"> {error}</span>}
    </form>
  );
}
