import { toCents } from '../billing/prices.ts';

/**
 * An affiliate's share of a payment, exactly: 30 % of 64.99 is 19.497. Cents × a whole percent is a
 * whole number of ten-thousandths, so nothing is rounded here (the payout, not the report, rounds).
 */
export function commissionUnits(amount: string, percent: number): number {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new Error(`not a percent: ${percent}`);
  return toCents(amount) * percent;
}

/** Ten-thousandths as a decimal string with at least two decimals: 194970 → "19.497", 180000 → "18.00". */
export function formatUnits(units: number): string {
  const decimals = String(units % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${Math.floor(units / 10_000)}.${decimals}`;
}

export const commission = (amount: string, percent: number): string =>
  formatUnits(commissionUnits(amount, percent));
