import type { InputHTMLAttributes } from 'react';

/** A labelled text input whose errors and confirmations are announced through `describedBy`. */
export function TextField({
  id,
  label,
  value,
  onValue,
  invalid,
  describedBy,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...input}
      />
    </>
  );
}
