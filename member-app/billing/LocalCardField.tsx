import { type Ref, useImperativeHandle, useState } from 'react';
import type { CardFieldHandle, CardResult } from './card-field.ts';

/**
 * Test-mode card field for local billing: Stripe's test cards (4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, …) with Stripe's wording for incomplete input. The "token" is
 * `tok_local_{number}_{MMYY}`, which only the local billing adapter accepts (the expiry rides along
 * so /account can show the card on file as entered).
 */
export function LocalCardField({ ref, id }: { ref: Ref<CardFieldHandle>; id: string }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({
    async tokenize(): Promise<CardResult> {
      const digits = number.replace(/\D/g, '');
      if (!digits && !expiry.trim() && !cvc.trim()) return { empty: true };
      const problem = check(digits, expiry, cvc);
      setError(problem);
      return problem ? { invalid: problem } : { token: `tok_local_${digits}_${expiry.replace(/\D/g, '')}` };
    },
  }));

  return (
    <fieldset className="card-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Card</legend>
      <p className="card-field__mode">Test mode: use 4242 4242 4242 4242, any future date, any CVC.</p>
      <div className="card-field__row">
        <label className="card-field__number">
          <span>Card number</span>
          <input
            id={id}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => setNumber(formatNumber(e.target.value))}
          />
        </label>
        <label>
          <span>Expiry</span>
          <input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          />
        </label>
        <label>
          <span>CVC</span>
          <input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
          />
        </label>
      </div>
      {error && (
        <p className="form-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const formatNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

function check(digits: string, expiry: string, cvc: string): string | null {
  if (digits.length < 13) return 'Your card number is incomplete.';
  const [mm, yy] = expiry.split('/').map((part) => Number(part.trim()));
  if (!mm || yy === undefined || Number.isNaN(yy) || expiry.replace(/\D/g, '').length < 4)
    return "Your card's expiration date is incomplete.";
  if (mm < 1 || mm > 12) return "Your card's expiration date is invalid.";
  const now = new Date();
  const year = 2000 + yy;
  if (year < now.getFullYear() || (year === now.getFullYear() && mm < now.getMonth() + 1))
    return "Your card's expiration date is in the past.";
  if (cvc.length < 3) return "Your card's security code is incomplete.";
  return null;
}
