import type { Bar } from '../market/bars.ts';
import type { Held } from './excursion-position.ts';
import { type Decimal, toDecimal, ZERO } from './money.ts';
import type { TradeSide } from './round-trips.ts';

/**
 * The moments a trip's MAE and MFE are chosen from (excursions.ts). A moment is a price the member
 * lived through with a position: its excursion is compared in plain numbers, and in exact decimals
 * whenever two are within rounding noise of each other, so the choice is the exact one (ties go to
 * the earlier moment) while big.js only works for near ties and the moments reported.
 */

export type Direction = 'adverse' | 'favorable';

export interface Moment {
  held: Held;
  /** The price: exact for a fill, the provider's number for a bar. */
  price: Decimal | number;
  /** Bar start (ms). */
  at: number;
  /** Per share and on the shares held, ≥ 0, in plain numbers. */
  perShare: number;
  dollars: number;
  /** Size of the amounts involved, for the rounding noise of `dollars`. */
  scale: number;
  /** The price is clearly on the other side of the average: exactly 0, no exact check needed. */
  none: boolean;
  exact?: Exact;
}

/** Relative noise of float arithmetic on amounts of this size, far above 1e-16 and far below a cent. */
const NOISE = 1e-9;

/** How far `price` is against (adverse) or for (favorable) the position; 0 when it is on the other side. */
export function moment(
  side: TradeSide,
  direction: Direction,
  held: Held,
  price: Decimal | number,
  priceN: number,
  at: number,
): Moment {
  const gain = side === 'long' ? priceN - held.avg : held.avg - priceN;
  const move = direction === 'favorable' ? gain : -gain;
  const perShare = Math.max(move, 0);
  return {
    held,
    price,
    at,
    perShare,
    dollars: perShare * held.shares,
    scale: (held.avg + priceN) * held.shares,
    none: move < -NOISE * (held.avg + priceN),
  };
}

/**
 * The moment's excursion, exact, as fractions over the average's basis (excursion-position.ts):
 * per share `perShare ÷ basis`, in dollars `dollars ÷ basis`.
 */
export interface Exact {
  perShare: Decimal;
  dollars: Decimal;
  basis: Decimal;
  price: Decimal;
}

export function exact(side: TradeSide, direction: Direction, m: Moment): Exact {
  if (!m.exact) {
    const price = typeof m.price === 'number' ? toDecimal(String(m.price)) : m.price;
    const { cost, basis, exactShares } = m.held;
    const up = price.times(basis).minus(cost);
    const gain = side === 'long' ? up : up.neg();
    const move = direction === 'favorable' ? gain : gain.neg();
    const perShare = move.gt(0) ? move : ZERO;
    m.exact = { perShare, dollars: perShare.times(exactShares), basis, price };
  }
  return m.exact;
}

export class Extremes {
  mae: Moment | null = null;
  mfe: Moment | null = null;
  private readonly side: TradeSide;
  constructor(side: TradeSide) {
    this.side = side;
  }

  /** > 0 when `a` is the larger excursion in dollars, < 0 when `b` is, 0 when they are exactly equal. */
  private compare(direction: Direction, a: Moment, b: Moment): number {
    if (a.none && b.none) return 0;
    const difference = a.dollars - b.dollars;
    if (Math.abs(difference) > NOISE * Math.max(a.scale, b.scale)) return difference;
    const x = exact(this.side, direction, a);
    const y = exact(this.side, direction, b);
    return x.dollars.times(y.basis).cmp(y.dollars.times(x.basis));
  }

  /** The larger excursion in dollars; on a tie the earlier moment. */
  private larger(direction: Direction, best: Moment | null, next: Moment): Moment {
    if (!best) return next;
    const order = this.compare(direction, next, best);
    return order > 0 || (order === 0 && next.at < best.at) ? next : best;
  }

  /** A price lived through with `held`: a fill price, or a stretch's lowest low and highest high. */
  offer(
    held: Held,
    low: Decimal | number,
    lowN: number,
    lowAt: number,
    high: Decimal | number,
    highN: number,
    highAt: number,
  ): void {
    const long = this.side === 'long';
    this.consider(
      moment(this.side, 'adverse', held, long ? low : high, long ? lowN : highN, long ? lowAt : highAt),
      moment(this.side, 'favorable', held, long ? high : low, long ? highN : lowN, long ? highAt : lowAt),
    );
  }

  private consider(mae: Moment, mfe: Moment): void {
    this.mae = this.larger('adverse', this.mae, mae);
    this.mfe = this.larger('favorable', this.mfe, mfe);
  }

  /**
   * A bar in the middle of the trip with fills inside it: its low and high may have come before or
   * after each fill, so they count with whichever position held in that minute gives the smaller
   * excursion (never more than the member surely lived through); the fill prices count on their own.
   */
  mixedBar(states: readonly Held[], bar: Bar): void {
    const long = this.side === 'long';
    const [worst, best] = long ? [bar.l, bar.h] : [bar.h, bar.l];
    let mae: Moment | null = null;
    let mfe: Moment | null = null;
    for (const held of states) {
      const a = moment(this.side, 'adverse', held, worst, worst, bar.t);
      const f = moment(this.side, 'favorable', held, best, best, bar.t);
      mae = !mae || this.compare('adverse', a, mae) < 0 ? a : mae;
      mfe = !mfe || this.compare('favorable', f, mfe) < 0 ? f : mfe;
    }
    if (mae && mfe) this.consider(mae, mfe);
  }
}
