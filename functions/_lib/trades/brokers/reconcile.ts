import type { Execution, Rejection, Warning } from '../executions.ts';
import { type Decimal, parseBrokerNumber, toDecimal } from '../money.ts';

/**
 * Each row checked against its own money. Most broker rows print an amount (`Amount`, `Net Amount`,
 * `Proceeds`, `Gross`…) beside quantity and price: quantity × price, with the fees in or out as the
 * format says, must come to it within the file's own rounding. A row that does not is not imported: a
 * misread column, a price per contract, an option of 100 shares read as stock all show up here instead
 * of as a trade that never happened.
 */

/** 1, 0.1, 0.01… made once: a 50,000-row file asks for a few of them 150,000 times. */
const STEPS = Array.from({ length: 21 }, (_, digits) => toDecimal(`1e-${digits}`));

/** The smallest step of a number as printed: 0.01 for `1,234.50`, 0.0001 for `0.0042`, 1 for `1235`. */
function unit(text: string, minDigits = 0): Decimal {
  const point = text.lastIndexOf('.');
  if (point < 0) return STEPS[minDigits] as Decimal;
  let digits = 0;
  for (let i = point + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) break;
    digits++;
  }
  return STEPS[Math.min(Math.max(digits, minDigits), 20)] as Decimal;
}

export interface AmountGap {
  line: number;
  /** The row's amount as printed, and what its quantity, price and fees come to. */
  stated: string;
  computed: string;
  /** The likely cause when the gap has a known shape (an option's 100 shares a contract). */
  cause: 'option' | null;
}

/**
 * The row's gap between its amount and quantity × price ± fees, or null when they agree (or the row
 * has no amount). Tolerance: one step of the amount as printed, half a step of the price on every share
 * (an average price printed to 4 or 5 decimals; a price printed without trailing zeros, `9` or `2.5`,
 * counts as cents) and one step of the fees. Wide enough for a rounded average, far too narrow for a
 * misread column or a contract of 100 shares.
 */
export function amountGap(execution: Execution): AmountGap | null {
  if (execution.amount === undefined || execution.amount === '') return null;
  const stated = parseBrokerNumber(execution.amount);
  if (stated === null || stated.eq(0)) return null;
  const qty = toDecimal(execution.qty);
  const price = toDecimal(execution.price);
  const fees = toDecimal(execution.fees);
  const gross = qty.times(price);
  const size = stated.abs();
  const tolerance = unit(execution.amount)
    .plus(qty.times(unit(execution.price, 2)).div(2))
    .plus(unit(execution.fees))
    .plus(unlistedFees(execution.side, qty, gross));
  // A buy costs gross + fees, a sale brings gross − fees; `gross` amounts leave fees out.
  const net = execution.side === 'buy' ? gross.plus(fees) : gross.minus(fees);
  const candidates =
    execution.amountFees === 'net' ? [net] : execution.amountFees === 'gross' ? [gross] : [net, gross];
  if (candidates.some((value) => value.minus(size).abs().lte(tolerance))) return null;
  const expected = candidates[0] ?? gross;
  // 100 × quantity × price (± fees) within 100 × the tolerance: the quantity counts contracts of 100 shares.
  const contracts = gross.times(100);
  const option = [contracts, contracts.plus(fees), contracts.minus(fees)].some((value) =>
    value.minus(size).abs().lte(tolerance.times(100)),
  );
  return {
    line: execution.line,
    stated: execution.amount,
    computed: expected.toFixed(),
    cause: option ? 'option' : null,
  };
}

/** FINRA's trading activity fee is at most 0.000166 a share sold, capped at 8.30 a trade (rounded up here). */
const TAF_PER_SHARE = toDecimal('0.0002');
const TAF_CAP = toDecimal('8.50');
/** The SEC fee is 27.80 per million sold (rounded up here). */
const SEC_RATE = toDecimal('0.00003');
const CENTS = toDecimal('0.02');

/**
 * Fees a sale's amount may hold that the row does not list: Robinhood and Firstrade fold the SEC fee
 * and FINRA's TAF into the amount with no fee column. On a penny stock the TAF is a real share of the
 * amount (1,000,000 shares at 0.005: 8.30 of 5,000.00), so it is allowed for, with a few cents either way.
 */
function unlistedFees(side: 'buy' | 'sell', qty: Decimal, gross: Decimal): Decimal {
  if (side === 'buy') return CENTS;
  const taf = qty.times(TAF_PER_SHARE);
  return (taf.lt(TAF_CAP) ? taf : TAF_CAP).plus(gross.times(SEC_RATE)).plus(CENTS);
}

/** The rejection of a row whose amount contradicts it, with both figures. */
export function gapRejection(execution: Execution, gap: AmountGap): Rejection {
  const fees = toDecimal(execution.fees);
  const feeText = fees.eq(0) ? '' : ` ${execution.side === 'buy' ? '+' : '−'} fees ${fees.abs().toFixed()}`;
  const what = `${execution.qty} × ${execution.price}${feeText} = ${gap.computed}`;
  if (gap.cause === 'option')
    return {
      line: gap.line,
      instrument: 'option',
      reason: `${execution.symbol}: the amount ${gap.stated} is 100 × (${what}): an option (100 shares a contract), not imported (options are not supported yet)`,
    };
  return {
    line: gap.line,
    reason: `${execution.symbol}: the row's amount ${gap.stated} does not match quantity × price (${what}): not imported`,
  };
}

/** The run's one warning about rows whose amounts contradicted them (options are counted apart). */
export function gapSummary(gaps: readonly AmountGap[]): Warning[] {
  const plain = gaps.filter((gap) => gap.cause === null);
  if (plain.length === 0) return [];
  const lines = plain.slice(0, 5).map((gap) => gap.line);
  const more = plain.length > 5 ? ` and ${plain.length - 5} more` : '';
  const rows = plain.length === 1 ? '1 row' : `${plain.length} rows`;
  return [
    {
      line: lines[0] ?? 0,
      message: `${rows} not imported: the row's own amount does not match its quantity × price (${plain.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}${more})`,
    },
  ];
}
