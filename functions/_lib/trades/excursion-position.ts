import { type Decimal, toDecimal, ZERO } from './money.ts';
import type { TradeSide } from './round-trips.ts';

/**
 * The position of one round trip fill by fill, for its MAE/MFE (excursions.ts): shares held and the
 * running average cost. Adding shares moves the average; a partial exit only lowers the shares (the
 * shares left cost what they cost). Each position carries plain numbers, to compare moments fast,
 * and exact decimals, its average as a fraction so that no figure goes through a rounded division
 * before its own rounding.
 */

/** One fill of the trip: `at` its instant (ms), quantity and price as exact decimal text. */
export interface TripFill {
  at: number;
  side: 'buy' | 'sell';
  qty: string;
  price: string;
}

export interface Held {
  /** Plain numbers, to compare moments. */
  shares: number;
  avg: number;
  /** Exact: shares, and the average cost as the fraction cost ÷ basis (no rounded division). */
  exactShares: Decimal;
  cost: Decimal;
  basis: Decimal;
}

/** A fill and the position just before and just after it. */
export interface FillStep {
  at: number;
  price: Decimal;
  priceN: number;
  /** Adds to the position (a buy of a long, a sell of a short). */
  opening: boolean;
  before: Held;
  after: Held;
}

export interface TripPosition {
  steps: FillStep[];
  /** Exact totals of the opening and the closing fills (shares, Σ qty × price). */
  opened: Decimal;
  openValue: Decimal;
  closed: Decimal;
  closeValue: Decimal;
}

const FLAT: Held = { shares: 0, avg: 0, exactShares: ZERO, cost: ZERO, basis: ZERO };

/**
 * The position after adding `qty` at `price`: average (cost/basis × shares + price × qty) ÷ (shares +
 * qty). While no shares were sold since the last add, basis = shares and that is cost + price × qty
 * over shares + qty; after a partial exit the fraction takes the old basis in.
 */
function add(before: Held, qty: Decimal, price: Decimal, qtyN: number, priceN: number): Held {
  const shares = before.shares + qtyN;
  const avg = (before.avg * before.shares + priceN * qtyN) / shares;
  const exactShares = before.exactShares.plus(qty);
  const value = price.times(qty);
  if (before.basis.eq(before.exactShares))
    return { shares, avg, exactShares, cost: before.cost.plus(value), basis: exactShares };
  return {
    shares,
    avg,
    exactShares,
    cost: before.cost.times(before.exactShares).plus(value.times(before.basis)),
    basis: before.basis.times(exactShares),
  };
}

/**
 * Walks the fills in time order. A closing fill larger than the shares held closes only those (the
 * rest of a fill that flips the position belongs to the next trip, as in round-trips.ts). Null when
 * the first fill does not open the trip's side: there is no position to measure.
 */
export function tripPosition(side: TradeSide, fills: readonly TripFill[]): TripPosition | null {
  const opensWith = side === 'long' ? 'buy' : 'sell';
  if (fills[0]?.side !== opensWith) return null;
  const steps: FillStep[] = [];
  let held = FLAT;
  let opened = ZERO;
  let openValue = ZERO;
  let closed = ZERO;
  let closeValue = ZERO;
  for (const fill of fills) {
    const price = toDecimal(fill.price);
    const qty = toDecimal(fill.qty);
    const priceN = Number(fill.price);
    const before = held;
    const opening = fill.side === opensWith;
    if (opening) {
      held = add(before, qty, price, Number(fill.qty), priceN);
      opened = opened.plus(qty);
      openValue = openValue.plus(price.times(qty));
    } else {
      const part = qty.gt(before.exactShares) ? before.exactShares : qty;
      const exactShares = before.exactShares.minus(part);
      held = { ...before, shares: Math.max(0, before.shares - Number(fill.qty)), exactShares };
      closed = closed.plus(part);
      closeValue = closeValue.plus(price.times(part));
    }
    steps.push({ at: fill.at, price, priceN, opening, before, after: held });
  }
  return { steps, opened, openValue, closed, closeValue };
}
