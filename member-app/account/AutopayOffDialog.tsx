import { type Ref, useState } from 'react';
import {
  CHURN_REASON_CODES,
  CHURN_REASON_LABELS,
  CHURN_TEXT_MAX,
  type ChurnReason,
  type ChurnReasonCode,
} from '../../functions/_lib/operator/churn.ts';
import { longDate } from './money-format.ts';

/**
 * Turning autopay off is confirmed here (issue 33 "Why members leave"): what it means for the
 * membership, and, optionally, why, from a short list with a few words of the member's own. The
 * reason is sent with the change and counted for the operator; choosing none is fine.
 */
export function AutopayOffDialog({
  ref,
  endPeriod,
  onCancel,
  onConfirm,
}: {
  ref: Ref<HTMLDialogElement>;
  endPeriod: number;
  onCancel: () => void;
  onConfirm: (reason: ChurnReason | undefined) => void;
}) {
  const [code, setCode] = useState<ChurnReasonCode | null>(null);
  const [text, setText] = useState('');
  const reset = () => {
    setCode(null);
    setText('');
  };
  const confirm = () => {
    const words = text.trim();
    // Words written without a choice from the list are a reason too ("Something else"): never dropped.
    const chosen = code ?? (words ? 'other' : null);
    onConfirm(chosen ? { code: chosen, ...(words ? { text: words } : {}) } : undefined);
    reset();
  };
  return (
    <dialog ref={ref} className="modal" aria-labelledby="autopay-off-title" onClose={reset}>
      <h3 id="autopay-off-title">Turn autopay off?</h3>
      <p>
        Your membership will end on <strong>{longDate(endPeriod)}</strong> and you won't be charged again.
      </p>
      <fieldset className="autopay-reasons">
        <legend>Would you tell us why? (optional)</legend>
        {CHURN_REASON_CODES.map((value) => (
          <div key={value}>
            <label>
              <input
                type="radio"
                name="autopay-reason"
                value={value}
                checked={code === value}
                onChange={() => setCode(value)}
              />{' '}
              {CHURN_REASON_LABELS[value]}
            </label>
          </div>
        ))}
        <label>
          Anything else? (optional)
          <textarea
            name="autopay-reason-text"
            rows={3}
            maxLength={CHURN_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
      </fieldset>
      <div className="modal__actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Keep autopay on
        </button>
        <button type="button" className="btn btn-primary" onClick={confirm}>
          Confirm
        </button>
      </div>
    </dialog>
  );
}
