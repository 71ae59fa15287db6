import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { TradeAction } from '../../functions/_lib/contract/index.ts';
import { newId } from '../../functions/_lib/ids.ts';
import type { ActionOutcome } from '../../functions/_lib/trades/round-trips.ts';
import {
  type ActionField,
  type ActionFormValues,
  actionInput,
  describeAction,
  describeOutcomes,
  EMPTY_ACTION,
} from './action-form.ts';
import { editActions } from './trade-actions-data.ts';

/**
 * Splits and symbol changes a file did not report, entered by the member (docs/trades.md, "Splits
 * and symbol changes"): the list of the ones kept, what each did to the positions it met, a delete
 * each, and a small form to add one. The round trips apply them at once (use-trips.ts).
 */
export function CorporateActions({
  actions,
  outcomes,
}: {
  actions: readonly TradeAction[];
  outcomes: ReadonlyMap<string, readonly ActionOutcome[]>;
}) {
  const client = useQueryClient();
  const ids = useId();
  const [values, setValues] = useState<ActionFormValues>(EMPTY_ACTION);
  const [error, setError] = useState<{ field: ActionField | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const set = (name: keyof ActionFormValues) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));
  const run = async (edit: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      await edit();
      setStatus(done);
      return true;
    } catch (e) {
      setError({
        field: null,
        message: e instanceof Error ? e.message : 'Nothing was saved. Please try again.',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };
  async function add(event: FormEvent) {
    event.preventDefault();
    const checked = actionInput(values, newId('action_'));
    if (!checked.ok) return setError({ field: checked.field, message: checked.message });
    if (await run(() => editActions(client, { add: [checked.input] }), 'Saved: the trades now include it.'))
      setValues({ ...EMPTY_ACTION, kind: values.kind });
  }
  const errorId = `${ids}-error`;
  const field = (name: ActionField) =>
    error?.field === name ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <details className="tag-manager corporate-actions" open={actions.length > 0 || undefined}>
      <summary>
        {actions.length === 0
          ? 'Add a split or symbol change'
          : `Splits and symbol changes (${actions.length})`}
      </summary>
      {actions.length > 0 && (
        <ul aria-label="Your splits and symbol changes">
          {actions.map((action) => (
            <li key={action.action_id} className="tag-manager__row">
              <span>{describeAction(action)}</span>
              <span className="muted">{describeOutcomes(outcomes.get(action.action_id))}</span>
              {action.source !== 'entered' && <span className="muted">from the {action.source} file</span>}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={busy}
                onClick={() =>
                  void run(() => editActions(client, { delete_ids: [action.action_id] }), 'Deleted.')
                }
              >
                Delete <span className="visually-hidden">{describeAction(action)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="tag-form" aria-labelledby={`${ids}-title`} onSubmit={(e) => void add(e)} noValidate>
        <h3 id={`${ids}-title`} className="visually-hidden">
          Add a split or symbol change
        </h3>
        <label>
          Type
          <select value={values.kind} onChange={(e) => set('kind')(e.target.value)}>
            <option value="split">Split</option>
            <option value="rename">Symbol change</option>
          </select>
        </label>
        <label>
          Symbol
          <input
            value={values.symbol}
            size={8}
            autoComplete="off"
            onChange={(e) => set('symbol')(e.target.value)}
            {...field('symbol')}
          />
        </label>
        <label>
          Effective date
          <input
            type="date"
            value={values.date}
            onChange={(e) => set('date')(e.target.value)}
            {...field('date')}
          />
        </label>
        {values.kind === 'split' ? (
          <label>
            Ratio (new for old)
            <input
              value={values.ratio}
              size={10}
              placeholder="10 for 1"
              autoComplete="off"
              onChange={(e) => set('ratio')(e.target.value)}
              {...field('ratio')}
            />
          </label>
        ) : (
          <label>
            New symbol
            <input
              value={values.toSymbol}
              size={8}
              autoComplete="off"
              onChange={(e) => set('toSymbol')(e.target.value)}
              {...field('toSymbol')}
            />
          </label>
        )}
        <button type="submit" className="btn btn-sm" disabled={busy}>
          Add {values.kind === 'split' ? 'split' : 'symbol change'}
        </button>
      </form>
      <p id={errorId} className="form-error" role="alert">
        {error?.message}
      </p>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </details>
  );
}
