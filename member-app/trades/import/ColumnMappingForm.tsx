import { useId, useState } from 'react';
import {
  type ColumnMapping,
  mappingProblem,
  OPTIONAL_FIELDS,
  REQUIRED_FIELDS,
} from '../../../functions/_lib/trades/brokers/column-mapping.ts';

type SingleField = keyof typeof REQUIRED_FIELDS | keyof typeof OPTIONAL_FIELDS;

/**
 * Which column holds what, for an export the journal does not recognise. Starts from a guess by
 * column names; the first rows of the file are shown so the member can see what each column holds.
 */
export function ColumnMappingForm({
  header,
  sample,
  initial,
  supported,
  problem: nearMiss = null,
  disabled,
  onApply,
}: {
  header: readonly string[];
  sample: readonly (readonly string[])[];
  initial: ColumnMapping;
  supported: readonly string[];
  /** The closest known header and the required columns it lacks. */
  problem?: string | null;
  disabled: boolean;
  onApply: (mapping: ColumnMapping) => void;
}) {
  const ids = useId();
  const [mapping, setMapping] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const columns = header.filter((name) => name.trim() !== '');
  const set = (field: SingleField, value: string) => {
    setMapping((m) => ({ ...m, [field]: value === '' && field in OPTIONAL_FIELDS ? null : value }));
    setProblem(null);
  };
  const toggleFee = (name: string, on: boolean) =>
    setMapping((m) => ({ ...m, fees: on ? [...m.fees, name] : m.fees.filter((fee) => fee !== name) }));

  const select = (field: SingleField, label: string, required: boolean) => (
    <div key={field} className="mapping__field">
      <label htmlFor={`${ids}-${field}`}>
        {label}
        {required ? ' *' : ''}
      </label>
      <select
        id={`${ids}-${field}`}
        value={mapping[field] ?? ''}
        disabled={disabled}
        onChange={(event) => set(field, event.currentTarget.value)}
      >
        <option value="">{required ? '— choose —' : '— none —'}</option>
        {columns.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form
      className="mapping"
      aria-label="Column mapping"
      onSubmit={(event) => {
        event.preventDefault();
        const found = mappingProblem(mapping, header);
        setProblem(found);
        if (!found) onApply(mapping);
      }}
    >
      <p>
        This file's format is not one we recognise (supported: {supported.join(', ')}). Tell us which column
        holds what; we remember it for the next file with the same columns.
      </p>
      {nearMiss && <p className="mapping__near">Closest: {nearMiss}.</p>}
      {/* Scrollable regions are keyboard-focusable in current browsers without a tabindex. */}
      <section className="mapping__sample" aria-label="First rows of the file">
        <table>
          <thead>
            <tr>
              {header.map((name, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a name; position is their identity
                <th key={`${i}-${name}`} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity and never move
              <tr key={r}>
                {header.map((_, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
                  <td key={c}>{row[c] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="mapping__fields">
        {Object.entries(REQUIRED_FIELDS).map(([field, label]) => select(field as SingleField, label, true))}
        {Object.entries(OPTIONAL_FIELDS).map(([field, label]) => select(field as SingleField, label, false))}
        <div className="mapping__field">
          <label htmlFor={`${ids}-order`}>Dates like 03/04/2026</label>
          <select
            id={`${ids}-order`}
            value={mapping.dateOrder}
            disabled={disabled}
            onChange={(event) =>
              setMapping((m) => ({ ...m, dateOrder: event.currentTarget.value === 'DMY' ? 'DMY' : 'MDY' }))
            }
          >
            <option value="MDY">month/day/year</option>
            <option value="DMY">day/month/year</option>
          </select>
        </div>
      </div>
      <fieldset className="mapping__fees" disabled={disabled}>
        <legend>Fee columns (added up; a negative fee is a rebate)</legend>
        {columns.map((name) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={mapping.fees.includes(name)}
              onChange={(event) => toggleFee(name, event.currentTarget.checked)}
            />
            {name}
          </label>
        ))}
      </fieldset>
      <p className="import__note">
        Sides are read from words and sentences (B, BOT, SS, BC, Sold Short, Buy to Cover, YOU BOUGHT…);
        without a side column, a negative quantity, or an amount (money out = a buy), says it. A file where no
        side can be read is not imported.
      </p>
      {problem && (
        <p className="mapping__problem" role="alert">
          Please {problem}.
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        Read the file with these columns
      </button>
    </form>
  );
}
