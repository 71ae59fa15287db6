import {
  heldBeforeNote,
  type StatementCheck,
  sharesHeld,
} from '../../../functions/_lib/trades/statement-checks.ts';
import { formatAmount } from '../format.ts';

/**
 * The file's own totals beside what the import read from its fills (statement-checks.ts): one line
 * a figure, `NVDA — P/L Day: file 99.00, read −431.00`, each marked in words (Matches / Differs), not
 * by colour alone. A difference is the member's to look at before saving: a short sale the file
 * does not mark, shares held before the file, a row not read.
 */
export function StatementChecks({ checks }: { checks: readonly StatementCheck[] }) {
  if (checks.length === 0) return null;
  const differ = checks.filter((check) => !check.ok).length;
  return (
    <section className="import__checks" aria-labelledby="import-checks-title" data-statement-checks>
      <h3 id="import-checks-title">The file's own totals</h3>
      <p className="import__checks-summary">
        {differ === 0
          ? `All ${checks.length} of the file's figures match what its fills add up to.`
          : `${differ} of ${checks.length} figures differ from what the fills add up to.`}
      </p>
      <ul>
        {checks.map((check) => (
          <li
            key={`${check.what}|${check.account}|${check.currency}|${check.symbol}|${check.line}`}
            className={check.ok ? 'import__check' : 'import__check import__check--differs'}
            data-check={check.ok ? 'ok' : 'differs'}
          >
            <span className="import__check-mark">
              <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {check.ok ? 'Matches' : 'Differs'}
            </span>{' '}
            {checkLine(check)}
            {!check.ok && check.heldBefore && (
              <span className="import__check-note"> ({heldBeforeNote(check.heldBefore)})</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `NVDA — P/L Day: file 99.00, read −431.00 before fees`, `NVDA — shares at the end: file 0, read 500
 * long`, `All symbols — Gain/Loss ($) total: file 1,016.70, read 923.02`.
 */
export function checkLine(check: StatementCheck): string {
  const who = check.symbol === '' ? 'All symbols' : check.symbol;
  if (check.what === 'realized') {
    const what = check.symbol === '' ? `${check.label} total` : check.label;
    const fees = check.net === false ? ' before fees' : '';
    const currency = check.currency && check.currency !== 'USD' ? ` ${check.currency}` : '';
    return `${who} — ${what}: file ${formatAmount(check.stated)}${currency}, read ${formatAmount(check.read)}${currency}${fees}`;
  }
  return `${who} — ${check.label}: file ${shares(check.stated)}, read ${shares(check.read)}`;
}

/** Signed shares: `0`, `500 long`, `200 short`. */
const shares = (signed: string) => (/^-?0(?:\.0*)?$/.test(signed) ? '0' : sharesHeld(signed));
