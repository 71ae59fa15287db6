import { actionAppliesTo, actionFirst, sortActions, splitShares } from './corporate-actions.ts';
import type { CorporateAction, Execution } from './executions.ts';
import { sortExecutions } from './executions.ts';
import { amount, type Decimal, plain, toDecimal, ZERO } from './money.ts';

/**
 * Round trips and open positions, by the rule in tests/fixtures/brokers/README.md: executions of one
 * symbol, account and currency, in time order (opening fills first on equal stamps), from flat back to
 * flat. A fill the file calls a close with nothing open is a close of a position opened before the file
 * (`opened_before`), never a trade the other way. A plain sell with nothing held (no short marker, no
 * close marker) is a question only the member can answer — a short sale, or shares held before the
 * file — so until it is answered (`sellsFromFlat`) it and every later fill of its symbol are held back
 * as `unresolved`, in neither P&L nor open positions. Quantities and money are exact decimals
 * (fractional shares included).
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
  /** Shares opened over the trip (scaling in adds up), exact. */
  shares: string;
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
  /** Exact decimal, positive. */
  shares: string;
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
  /** Exact decimal, positive. */
  shares: string;
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

/** How the member answered a plain sell with nothing held: a short sale, or shares held before the file. */
export type FlatSellAnswer = 'short' | 'held';

/** The account and symbol a question is about (the currency follows the symbol). */
export interface PositionKey {
  symbol: string;
  account: string;
  currency: string;
}

/**
 * A plain sell with nothing held and nothing in the file to say what it was, and every later fill of
 * its symbol and account, held back until the member answers: a short sale covered later, or a sale of
 * shares held before the file (then they enter the cost).
 */
export interface Unresolved extends PositionKey {
  /** The first such sell: its fingerprint, line (0 for stored trades), time and shares. */
  fill: string;
  line: number;
  time: string;
  at: number;
  shares: string;
  /** Σ qty × price of that sell. */
  value: string;
  /** Fingerprints of every fill held back with it (itself first), in time order. */
  fills: string[];
}

export interface MatchResult {
  closed_trades: ClosedTrade[];
  open_positions: OpenPosition[];
  /** Closes of positions opened before the file, in time order: apart from closed trades. */
  opened_before: OpenedBefore[];
  /** Plain sells with nothing held, awaiting the member's answer, by first sell: in no figure. */
  unresolved: Unresolved[];
  /**
   * Plain sells with nothing held that an answer explained, by fingerprint: an import stores the answer
   * on the fill itself (a short sale opens, a sale of shares held closes), so the journal needs no question.
   */
  answered?: Record<string, FlatSellAnswer>;
  /** What each split and symbol change did, in time order (present when `actions` were given). */
  actions?: ActionOutcome[];
}

/**
 * One corporate action and one position it met: `applied` (the position's shares `before` →
 * `after`; a rename moved them to `toSymbol`), `nothing held` (no open position of its symbol at
 * that moment: it changed nothing), `waiting` (its symbol's fills wait for the member's answer, and
 * so does it) or `not applied` (`reason` says why).
 */
export interface ActionOutcome extends PositionKey {
  action: CorporateAction;
  outcome: 'applied' | 'nothing held' | 'waiting' | 'not applied';
  /** Shares held, exact and positive, before and after it. */
  before?: string;
  after?: string;
  reason?: string;
}

export interface MatchOptions {
  /** List each closed trip's fill fingerprints (the page's expandable rows). */
  withFills?: boolean;
  /**
   * The member's answer for plain sells with nothing held of this account and symbol; undefined leaves
   * them unresolved. A file's own short markers never need it.
   */
  sellsFromFlat?: (key: PositionKey) => FlatSellAnswer | undefined;
  /**
   * Splits and symbol changes, applied between the fills in time order (corporate-actions.ts): a
   * split scales the open lots, a rename moves the open position and later fills to the new symbol.
   */
  actions?: readonly CorporateAction[];
}

export { answerKey } from './answer-key.ts';

interface Lot {
  qty: Decimal;
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
  opened: Decimal;
  closed: Decimal;
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
  position: Decimal;
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
    opened: ZERO,
    closed: ZERO,
    openValue: ZERO,
    closeValue: ZERO,
    fees: ZERO,
    realized: ZERO,
    executions: 0,
    lots: [],
    head: 0,
    position: ZERO,
    reported: ZERO,
    lastLine: 0,
  };
}

/** Fees of a fill split between two trips by quantity, rounded to 4 dp, the rest to the second part. */
function splitFee(fees: Decimal, part: Decimal, whole: Decimal): [Decimal, Decimal] {
  const first = fees.times(part).div(whole).round(4);
  return [first, fees.minus(first)];
}

function open(trip: Trip, qty: Decimal, price: Decimal, fees: Decimal, time: string): void {
  trip.lots.push({ qty, price });
  trip.position = trip.side === 'long' ? trip.position.plus(qty) : trip.position.minus(qty);
  trip.opened = trip.opened.plus(qty);
  trip.openValue = trip.openValue.plus(price.times(qty));
  trip.fees = trip.fees.plus(fees);
  trip.executions++;
  trip.exit = time;
}

/** Closes `qty` against the oldest lots (FIFO). */
function close(trip: Trip, qty: Decimal, price: Decimal, fees: Decimal, time: string): void {
  let left = qty;
  while (left.gt(0)) {
    const lot = trip.lots[trip.head];
    if (!lot) break;
    const used = left.lt(lot.qty) ? left : lot.qty;
    const perShare = trip.side === 'long' ? price.minus(lot.price) : lot.price.minus(price);
    trip.realized = trip.realized.plus(perShare.times(used));
    lot.qty = lot.qty.minus(used);
    left = left.minus(used);
    if (lot.qty.eq(0)) trip.head++;
  }
  trip.position = trip.side === 'long' ? trip.position.minus(qty) : trip.position.plus(qty);
  trip.closed = trip.closed.plus(qty);
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
    shares: plain(trip.opened),
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
  const shares = trip.position.abs();
  return {
    ...key,
    side: trip.side,
    shares: plain(shares),
    avg_price: plain(cost.div(shares)),
    fees_so_far: amount(trip.fees),
    realized_so_far: amount(trip.realized),
    opened: trip.entry,
  };
}

type Key = PositionKey;

/** Where one symbol/account/currency stands: its trip in progress, or its fills held back for an answer. */
interface Book {
  key: Key;
  trip: Trip | null;
  pending: Unresolved | null;
}

/**
 * Matches executions into closed round trips (by entry) and open positions (by when they opened);
 * plain sells with nothing held wait for `sellsFromFlat` (see the module's comment).
 */
export function matchRoundTrips(
  executions: readonly Execution[],
  { withFills = false, sellsFromFlat, actions }: MatchOptions = {},
): MatchResult {
  const books = new Map<string, Book>();
  const bookOf = (key: Key): Book => {
    const id = `${key.account}\u0000${key.currency}\u0000${key.symbol}`;
    let book = books.get(id);
    if (!book) {
      book = {
        key: { symbol: key.symbol, account: key.account, currency: key.currency },
        trip: null,
        pending: null,
      };
      books.set(id, book);
    }
    return book;
  };
  const corporate = corporateActions(actions ?? [], books, bookOf);
  const closed: { order: number; trade: ClosedTrade }[] = [];
  const openedBefore: OpenedBefore[] = [];
  const unresolved: Unresolved[] = [];
  const answered: Record<string, FlatSellAnswer> = {};
  const earlier = (key: Key, execution: Execution, qty: Decimal, price: Decimal, fees: Decimal) =>
    openedBefore.push({
      ...key,
      side: execution.side === 'sell' ? 'long' : 'short',
      shares: plain(qty),
      exit: execution.time,
      at: execution.epochMs,
      value: amount(price.times(qty)),
      fees: amount(fees),
      fill: execution.fingerprint,
      line: execution.line,
    });
  /**
   * What a fill with nothing open before it does with `qty` shares: opens a trip, closes a position
   * from before the file, or (a plain sell the member has not explained) holds the symbol back.
   */
  const fromFlat = (
    book: Book,
    execution: Execution,
    order: number,
    qty: Decimal,
    price: Decimal,
    fees: Decimal,
  ): void => {
    const direction: TradeSide = execution.side === 'buy' ? 'long' : 'short';
    const plainSell = execution.side === 'sell' && execution.intent === null;
    const answer = plainSell ? sellsFromFlat?.(book.key) : undefined;
    if (answer) answered[execution.fingerprint] = answer;
    if (execution.intent === 'close' || answer === 'held') {
      earlier(book.key, execution, qty, price, fees);
      return;
    }
    if (plainSell && answer === undefined) {
      book.pending = {
        ...book.key,
        fill: execution.fingerprint,
        line: execution.line,
        time: execution.time,
        at: execution.epochMs,
        shares: plain(qty),
        value: amount(price.times(qty)),
        fills: [execution.fingerprint],
      };
      unresolved.push(book.pending);
      return;
    }
    const trip = newTrip(execution.fingerprint, direction, order, execution.time, withFills);
    open(trip, qty, price, fees, execution.time);
    trip.fills?.push(execution.fingerprint);
    report(trip, execution);
    book.trip = trip;
  };
  sortExecutions(executions).forEach((fill, order) => {
    // The splits and renames before this fill first; a fill of a renamed symbol joins the new one.
    const execution = corporate.before(fill);
    const book = bookOf(execution);
    if (book.pending) {
      // Nothing after an unexplained sell can be read until the member says what it was.
      book.pending.fills.push(execution.fingerprint);
      return;
    }
    const qty = toDecimal(execution.qty);
    const price = toDecimal(execution.price);
    const fees = toDecimal(execution.fees);
    const direction: TradeSide = execution.side === 'buy' ? 'long' : 'short';
    const trip = book.trip;
    if (!trip) {
      fromFlat(book, execution, order, qty, price, fees);
      return;
    }
    if (trip.side === direction) {
      // Adds; a label without open/close simply follows the position.
      open(trip, qty, price, fees, execution.time);
      trip.fills?.push(execution.fingerprint);
      report(trip, execution);
      return;
    }
    const held = trip.position.abs();
    const closing = held.lt(qty) ? held : qty;
    const [closeFees, flipFees] = closing.eq(qty) ? [fees, ZERO] : splitFee(fees, closing, qty);
    close(trip, closing, price, closeFees, execution.time);
    trip.fills?.push(execution.fingerprint);
    report(trip, execution);
    if (!trip.position.eq(0)) return;
    closed.push({ order: trip.order, trade: toClosed(trip, book.key) });
    book.trip = null;
    if (closing.lt(qty)) {
      // More than the position: the rest goes through flat — a flip the other way when the label
      // opens or does not say, the close of an earlier position when it only closes.
      fromFlat(book, execution, order, qty.minus(closing), price, flipFees);
      const flip = book.trip as Trip | null;
      if (flip) flip.reported = null; // the statement's figure went to the trip this fill closed
    }
  });
  corporate.finish();
  const open_positions = [...books.values()]
    .flatMap(({ key, trip }) => (trip ? [{ order: trip.order, position: toOpen(trip, key) }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ position }) => position);
  return {
    closed_trades: closed.sort((a, b) => a.order - b.order).map(({ trade }) => trade),
    open_positions,
    opened_before: openedBefore,
    unresolved,
    ...(Object.keys(answered).length > 0 ? { answered } : {}),
    ...(actions ? { actions: corporate.outcomes } : {}),
  };
}

/**
 * The corporate actions of one matching, applied as the fills go by: `before(fill)` applies every
 * action due before it and answers the fill under its symbol after the renames so far; `finish()`
 * applies the ones after the last fill. A split multiplies each open lot's shares and divides its
 * price by the same ratio, so each lot's cost stays what was paid (multiplying first: exact when the
 * ratio is); the last lot takes the rest, so the lots add up to the shares the split leaves exactly.
 * Closed trips keep their shares as traded.
 */
function corporateActions(
  list: readonly CorporateAction[],
  books: ReadonlyMap<string, Book>,
  bookOf: (key: Key) => Book,
) {
  const due = sortActions(list);
  let next = 0;
  const outcomes: ActionOutcome[] = [];
  const renames: CorporateAction[] = [];
  /** Splits applied, by position and day: a second one that day is the same split entered twice. */
  const splitDays = new Set<string>();
  const split = (book: Book, trip: Trip, action: CorporateAction): ActionOutcome => {
    const held = trip.position.abs();
    const day = `${book.key.account}\u0000${book.key.currency}\u0000${book.key.symbol}\u0000${action.time.slice(0, 10)}`;
    if (splitDays.has(day)) {
      const reason = `a split of ${book.key.symbol} on ${action.time.slice(0, 10)} is applied already`;
      return { ...book.key, action, outcome: 'not applied', before: plain(held), reason };
    }
    const after = splitShares(trip.position, action);
    if (!after) {
      const reason = `it does not fit the ${plain(held)} shares held`;
      return { ...book.key, action, outcome: 'not applied', before: plain(held), reason };
    }
    splitDays.add(day);
    let rest = after;
    for (let i = trip.head; i < trip.lots.length; i++) {
      const lot = trip.lots[i] as Lot;
      const qty = i === trip.lots.length - 1 ? rest : lot.qty.times(after).div(held);
      lot.price = lot.price.times(lot.qty).div(qty);
      lot.qty = qty;
      rest = rest.minus(qty);
    }
    trip.position = trip.side === 'long' ? after : after.neg();
    return { ...book.key, action, outcome: 'applied', before: plain(held), after: plain(after) };
  };
  const rename = (book: Book, trip: Trip, action: CorporateAction): ActionOutcome => {
    const held = plain(trip.position.abs());
    const to = action.toSymbol ?? '';
    if (to === '' || to === book.key.symbol)
      return { ...book.key, action, outcome: 'not applied', before: held, reason: 'it names no new symbol' };
    const target = bookOf({ ...book.key, symbol: to });
    if (target.trip || target.pending)
      return { ...book.key, action, outcome: 'not applied', before: held, reason: `${to} is already held` };
    target.trip = trip;
    book.trip = null;
    return { ...book.key, action, outcome: 'applied', before: held, after: held };
  };
  const apply = (action: CorporateAction) => {
    if (action.kind === 'rename') renames.push(action);
    const met = [...books.values()].filter((b) => (b.trip || b.pending) && actionAppliesTo(action, b.key));
    if (met.length === 0) {
      const key = { symbol: action.symbol, account: action.account, currency: action.currency };
      outcomes.push({ ...key, action, outcome: 'nothing held' });
    }
    for (const book of met) {
      if (book.pending) outcomes.push({ ...book.key, action, outcome: 'waiting' });
      else if (book.trip)
        outcomes.push(
          action.kind === 'split' ? split(book, book.trip, action) : rename(book, book.trip, action),
        );
    }
  };
  /** The fill under its symbol after every rename so far (a chain A → B → C included). */
  const renamed = (fill: Execution): Execution => {
    let symbol = fill.symbol;
    for (let hops = 0; hops <= renames.length; hops++) {
      const change = renames.find((r) => r.toSymbol && actionAppliesTo(r, { ...fill, symbol }));
      if (!change?.toSymbol || change.toSymbol === symbol) break;
      symbol = change.toSymbol;
    }
    return symbol === fill.symbol ? fill : { ...fill, symbol };
  };
  return {
    before(fill: Execution): Execution {
      while (next < due.length && actionFirst(due[next] as CorporateAction, fill))
        apply(due[next++] as CorporateAction);
      return renamed(fill);
    },
    finish(): void {
      while (next < due.length) apply(due[next++] as CorporateAction);
    },
    outcomes,
  };
}
