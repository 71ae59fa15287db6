import type { Execution } from './executions.ts';
import { closesOnly, sortExecutions } from './executions.ts';
import { amount, type Decimal, plain, toDecimal, ZERO } from './money.ts';

/**
 * Round trips and open positions, by the rule in tests/fixtures/brokers/README.md: executions of one
 * symbol, account and currency, in time order (opening fills first on equal stamps), from flat back to
 * flat. A closing fill with nothing open is a close of a position opened before the file
 * (`opened_before`), never a trade the other way. Quantities are whole shares (safe integers); money is
 * exact decimals.
 */

export type TradeSide = 'long' | 'short';

export interface ClosedTrade {
  /**
   * Stable round-trip id: the fingerprint of its opening execution (a stored trade's id in the app).
   * Re-importing the same fills or editing another trade leaves it unchanged, so tags stay attached.
   */
  id: string;
  symbol: string;
  account: string;
  currency: string;
  side: TradeSide;
  /** Shares opened over the trip (scaling in adds up). */
  shares: number;
  entry: string;
  exit: string;
  /** Average prices of the opening and of the closing fills. */
  avg_entry: string;
  avg_exit: string;
  /** Σ(qty × price) of the opening fills, exact: the position's cost (size bands, return on cost). */
  cost: string;
  gross: string;
  fees: string;
  net: string;
  executions: number;
  /** Fingerprints of its fills, in order, when asked for (`withFills`): the page expands a trip to them. */
  fills?: string[];
  /** When every fill came with the statement's own realised P&L (IBKR): its sum, to cross-check `net`. */
  reported?: { net: string; line: number };
}

export interface OpenPosition {
  symbol: string;
  account: string;
  currency: string;
  side: TradeSide;
  shares: number;
  /** Cost of the FIFO lots still open ÷ shares, fees not included (exact; 20 decimals if it never ends). */
  avg_price: string;
  fees_so_far: string;
  /** Gross P&L of partial exits against the oldest lots, fees not deducted. */
  realized_so_far: string;
  opened: string;
}

/**
 * A closing fill with nothing in the file to close: the end of a position opened before the file's
 * first line (a sale of shares bought earlier, a cover of an earlier short). Never turned into a trade
 * the other way; not in P&L or statistics until its opening is known (the earlier file imported).
 */
export interface OpenedBefore {
  symbol: string;
  account: string;
  currency: string;
  /** The side of the earlier position: a sale closes a long, a cover closes a short. */
  side: TradeSide;
  shares: number;
  /** When it was closed (the fill's time), and that instant in ms: an opening must come before it. */
  exit: string;
  at: number;
  /** Σ(qty × price) of the closing part of the fill: proceeds of a sale, cost of a cover. */
  value: string;
  /** Its fees (a fill's share when only part of it closed something earlier). */
  fees: string;
  /** The fill's fingerprint, and its line in the file (0 for stored trades). */
  fill: string;
  line: number;
}

export interface MatchResult {
  closed_trades: ClosedTrade[];
  open_positions: OpenPosition[];
  /** Closes of positions opened before the file, in time order: apart from closed trades. */
  opened_before: OpenedBefore[];
}

interface Lot {
  qty: number;
  price: Decimal;
}

/** The trip in progress for one symbol/account/currency. */
interface Trip {
  /** Fingerprint of the opening fill: the round trip's stable id. */
  id: string;
  side: TradeSide;
  /** Sequence number of the first fill: orders trips by entry, ties by the oldest row. */
  order: number;
  entry: string;
  exit: string;
  opened: number;
  closed: number;
  openValue: Decimal;
  closeValue: Decimal;
  fees: Decimal;
  realized: Decimal;
  executions: number;
  lots: Lot[];
  /** Fingerprints of the fills, when the caller wants them. */
  fills: string[] | null;
  /** Index of the oldest lot still open (cheaper than shifting the array). */
  head: number;
  /** Signed: > 0 long, < 0 short. */
  position: number;
  /** Σ the statement's realised P&L of the fills; null once one fill has none. */
  reported: Decimal | null;
  lastLine: number;
}

function newTrip(id: string, side: TradeSide, order: number, time: string, withFills: boolean): Trip {
  return {
    id,
    fills: withFills ? [] : null,
    side,
    order,
    entry: time,
    exit: time,
    opened: 0,
    closed: 0,
    openValue: ZERO,
    closeValue: ZERO,
    fees: ZERO,
    realized: ZERO,
    executions: 0,
    lots: [],
    head: 0,
    position: 0,
    reported: ZERO,
    lastLine: 0,
  };
}

/** Fees of a fill split between two trips by quantity, rounded to 4 dp, the rest to the second part. */
function splitFee(fees: Decimal, part: number, whole: number): [Decimal, Decimal] {
  const first = fees.times(part).div(whole).round(4);
  return [first, fees.minus(first)];
}

function open(trip: Trip, qty: number, price: Decimal, fees: Decimal, time: string): void {
  trip.lots.push({ qty, price });
  trip.position += trip.side === 'long' ? qty : -qty;
  trip.opened += qty;
  trip.openValue = trip.openValue.plus(price.times(qty));
  trip.fees = trip.fees.plus(fees);
  trip.executions++;
  trip.exit = time;
}

/** Closes `qty` against the oldest lots (FIFO). */
function close(trip: Trip, qty: number, price: Decimal, fees: Decimal, time: string): void {
  let left = qty;
  while (left > 0) {
    const lot = trip.lots[trip.head];
    if (!lot) break;
    const used = Math.min(left, lot.qty);
    const perShare = trip.side === 'long' ? price.minus(lot.price) : lot.price.minus(price);
    trip.realized = trip.realized.plus(perShare.times(used));
    lot.qty -= used;
    left -= used;
    if (lot.qty === 0) trip.head++;
  }
  trip.position += trip.side === 'long' ? -qty : qty;
  trip.closed += qty;
  trip.closeValue = trip.closeValue.plus(price.times(qty));
  trip.fees = trip.fees.plus(fees);
  trip.executions++;
  trip.exit = time;
}

function toClosed(trip: Trip, key: Key): ClosedTrade {
  // Gross = Σ sells − Σ buys: the close value is the sell side of a long, the buy side of a short.
  const gross =
    trip.side === 'long' ? trip.closeValue.minus(trip.openValue) : trip.openValue.minus(trip.closeValue);
  return {
    id: trip.id,
    ...key,
    side: trip.side,
    shares: trip.opened,
    entry: trip.entry,
    exit: trip.exit,
    avg_entry: plain(trip.openValue.div(trip.opened)),
    avg_exit: plain(trip.closeValue.div(trip.closed)),
    cost: amount(trip.openValue),
    gross: amount(gross),
    fees: amount(trip.fees),
    net: amount(gross.minus(trip.fees)),
    executions: trip.executions,
    ...(trip.fills ? { fills: trip.fills } : {}),
    ...(trip.reported ? { reported: { net: amount(trip.reported), line: trip.lastLine } } : {}),
  };
}

/** Keeps the statement's own P&L of a fill, when it has one, for the trip's cross-check. */
function report(trip: Trip, execution: Execution): void {
  trip.reported =
    trip.reported && execution.reportedPnl !== undefined ? trip.reported.plus(execution.reportedPnl) : null;
  trip.lastLine = execution.line;
}

function toOpen(trip: Trip, key: Key): OpenPosition {
  let cost = ZERO;
  for (let i = trip.head; i < trip.lots.length; i++) {
    const lot = trip.lots[i];
    if (lot) cost = cost.plus(lot.price.times(lot.qty));
  }
  const shares = Math.abs(trip.position);
  return {
    ...key,
    side: trip.side,
    shares,
    avg_price: plain(cost.div(shares)),
    fees_so_far: amount(trip.fees),
    realized_so_far: amount(trip.realized),
    opened: trip.entry,
  };
}

interface Key {
  symbol: string;
  account: string;
  currency: string;
}

/**
 * Matches executions into closed round trips (by entry) and open positions (by when they opened).
 * `withFills` lists each closed trip's fill fingerprints (the page's expandable rows).
 */
export function matchRoundTrips(
  executions: readonly Execution[],
  { withFills = false }: { withFills?: boolean } = {},
): MatchResult {
  const trips = new Map<string, { key: Key; trip: Trip | null }>();
  const closed: { order: number; trade: ClosedTrade }[] = [];
  const openedBefore: OpenedBefore[] = [];
  const earlier = (key: Key, execution: Execution, qty: number, price: Decimal, fees: Decimal) =>
    openedBefore.push({
      ...key,
      side: execution.side === 'sell' ? 'long' : 'short',
      shares: qty,
      exit: execution.time,
      at: execution.epochMs,
      value: amount(price.times(qty)),
      fees: amount(fees),
      fill: execution.fingerprint,
      line: execution.line,
    });
  sortExecutions(executions).forEach((execution, order) => {
    const { symbol, account, currency } = execution;
    const id = `${account}\u0000${currency}\u0000${symbol}`;
    let book = trips.get(id);
    if (!book) {
      book = { key: { symbol, account, currency }, trip: null };
      trips.set(id, book);
    }
    const price = toDecimal(execution.price);
    const fees = toDecimal(execution.fees);
    const direction: TradeSide = execution.side === 'buy' ? 'long' : 'short';
    let trip = book.trip;
    if (!trip && closesOnly(execution)) {
      earlier(book.key, execution, execution.qty, price, fees);
      return;
    }
    if (!trip) trip = newTrip(execution.fingerprint, direction, order, execution.time, withFills);
    if (trip.side === direction) {
      // Opens or adds; a label without open/close simply follows the position.
      open(trip, execution.qty, price, fees, execution.time);
      trip.fills?.push(execution.fingerprint);
      report(trip, execution);
      book.trip = trip;
      return;
    }
    const held = Math.abs(trip.position);
    const closing = Math.min(held, execution.qty);
    const [closeFees, flipFees] =
      closing === execution.qty ? [fees, ZERO] : splitFee(fees, closing, execution.qty);
    close(trip, closing, price, closeFees, execution.time);
    trip.fills?.push(execution.fingerprint);
    report(trip, execution);
    if (trip.position !== 0) {
      book.trip = trip;
      return;
    }
    closed.push({ order: trip.order, trade: toClosed(trip, book.key) });
    book.trip = null;
    if (closing < execution.qty && closesOnly(execution)) {
      // More than the position, by a fill that opens nothing: the rest closed an earlier position.
      earlier(book.key, execution, execution.qty - closing, price, flipFees);
    } else if (closing < execution.qty) {
      // More than the position: the rest opens the other way (a flip), with its share of the fees.
      const flip = newTrip(execution.fingerprint, direction, order, execution.time, withFills);
      open(flip, execution.qty - closing, price, flipFees, execution.time);
      flip.fills?.push(execution.fingerprint);
      flip.reported = null; // the statement's figure went to the trip this fill closed
      book.trip = flip;
    }
  });
  const open_positions = [...trips.values()]
    .flatMap(({ key, trip }) => (trip ? [{ order: trip.order, position: toOpen(trip, key) }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ position }) => position);
  return {
    closed_trades: closed.sort((a, b) => a.order - b.order).map(({ trade }) => trade),
    open_positions,
    opened_before: openedBefore,
  };
}
