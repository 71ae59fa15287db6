import Big from 'big.js';
import { type Decimal, plain, toDecimal } from './money.ts';

/**
 * How the trade review prints its excursions (docs/trades.md, "MAE and MFE"). Every figure is an
 * exact fraction until it is printed, then divided once and rounded half-up at its own precision:
 * per-share amounts to 6 decimals with trailing zeros dropped, so a sub-penny move reads 0.0003
 * (not 0.00) and a third of a cent 0.003333; dollars, percent and R to 2 decimals. (Dividing straight
 * to the digits shown is exact rounding, and far cheaper than 20 digits first.)
 */

export const PER_SHARE_DECIMALS = 6;

/** Private constructors, so other code configuring a shared `Big` cannot change these roundings. */
const PerShare = Big();
PerShare.DP = PER_SHARE_DECIMALS;
PerShare.RM = Big.roundHalfUp;
const Hundredths = Big();
Hundredths.DP = 2;
Hundredths.RM = Big.roundHalfUp;

const ONE = toDecimal(1);

/** numerator ÷ denominator per share: up to 6 decimals, trailing zeros dropped. */
export function perShareText(numerator: Decimal, denominator: Decimal = ONE): string {
  return plain(new PerShare(numerator).div(denominator));
}

/** numerator ÷ denominator with 2 decimals (dollars, percent, R, efficiency). */
export function twoDecimals(numerator: Decimal, denominator: Decimal = ONE): string {
  return new Hundredths(numerator).div(denominator).toFixed(2);
}

/** `part` as a percent of `whole`, 2 decimals; 0 when the whole is 0 (a price of 0 has no percent). */
export function percentText(part: Decimal, whole: Decimal): string {
  return whole.eq(0) ? '0.00' : twoDecimals(part.times(100), whole);
}

/** The planned risk in dollars, when it is a positive amount; anything else means no risk planned. */
export function plannedRisk(risk: string | null): Decimal | null {
  if (risk === null || !/^\d+(?:\.\d+)?$/.test(risk.trim())) return null;
  const value = toDecimal(risk.trim());
  return value.gt(0) ? value : null;
}
