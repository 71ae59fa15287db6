import { amount, type Decimal, ratio, toDecimal, ZERO } from './money.ts';
import type { ClosedTrade } from './round-trips.ts';

/**
 * Journal statistics over closed round trips of one currency (adding USD to CAD would mean nothing).
 * Money stays exact; ratios and averages, which may not terminate, are rounded half-up to 4 decimals.
 * A value that is undefined for the input (profit factor without losses, average win without wins)
 * is null, never 0 or Infinity.
 */

export interface Bucket {
  trades: number;
  wins: number;
  losses: number;
  net: string;
}

export interface TradeStats {
  count: number;
  wins: number;
  losses: number;
  scratches: number;
  /** wins ÷ (wins + losses); scratches count for neither. */
  win_rate: string | null;
  gross: string;
  fees: string;
  net: string;
  /** Σ winning net ÷ |Σ losing net|. */
  profit_factor: string | null;
  /** Net per trade. */
  expectancy: string | null;
  avg_win: string | null;
  avg_loss: string | null;
  largest_win: string | null;
  largest_loss: string | null;
  /** Wins in a row at the end, in the order trades closed (a loss or scratch ends a streak). */
  current_win_streak: number;
  best_win_streak: number;
  by_symbol: Record<string, Bucket>;
  /** Keyed Mon … Sun, by entry date. */
  by_weekday: Record<string, Bucket>;
  /** Keyed by entry hour `09` … `16`; date-only trades (Schwab) have no hour and are left out. */
  by_hour: Record<string, Bucket>;
  /** Keyed by average entry price: `<0.001`, `0.001-0.01`, `0.01-0.10`, `0.10-1`, `>=1`. */
  by_price: Record<string, Bucket>;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const PRICE_BUCKETS: readonly [string, Decimal][] = [
  ['<0.001', toDecimal('0.001')],
  ['0.001-0.01', toDecimal('0.01')],
  ['0.01-0.10', toDecimal('0.10')],
  ['0.10-1', toDecimal('1')],
];

export function priceBucket(price: string): string {
  const value = toDecimal(price);
  return PRICE_BUCKETS.find(([, below]) => value.lt(below))?.[0] ?? '>=1';
}

function weekday(entry: string): string {
  const [y = 0, m = 1, d = 1] = entry.slice(0, 10).split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '?';
}

/** Running bucket with its net kept as a Decimal until the end. */
interface Tally {
  trades: number;
  wins: number;
  losses: number;
  net: Decimal;
}

function addTo(table: Map<string, Tally>, key: string, net: Decimal): void {
  const tally = table.get(key) ?? { trades: 0, wins: 0, losses: 0, net: ZERO };
  tally.trades++;
  if (net.gt(0)) tally.wins++;
  if (net.lt(0)) tally.losses++;
  tally.net = tally.net.plus(net);
  table.set(key, tally);
}

function buckets(table: Map<string, Tally>): Record<string, Bucket> {
  const out: Record<string, Bucket> = {};
  for (const [key, tally] of [...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    out[key] = { trades: tally.trades, wins: tally.wins, losses: tally.losses, net: amount(tally.net) };
  }
  return out;
}

function orNull(value: Decimal | null): string | null {
  return value === null ? null : amount(value);
}

/** Statistics of closed trades (give one currency at a time). */
export function computeStats(trades: readonly ClosedTrade[]): TradeStats {
  let gross = ZERO;
  let fees = ZERO;
  let net = ZERO;
  let won = ZERO;
  let lost = ZERO;
  let wins = 0;
  let losses = 0;
  let largestWin: Decimal | null = null;
  let largestLoss: Decimal | null = null;
  const bySymbol = new Map<string, Tally>();
  const byWeekday = new Map<string, Tally>();
  const byHour = new Map<string, Tally>();
  const byPrice = new Map<string, Tally>();
  for (const trade of trades) {
    const result = toDecimal(trade.net);
    gross = gross.plus(trade.gross);
    fees = fees.plus(trade.fees);
    net = net.plus(result);
    if (result.gt(0)) {
      wins++;
      won = won.plus(result);
      if (largestWin === null || result.gt(largestWin)) largestWin = result;
    } else if (result.lt(0)) {
      losses++;
      lost = lost.plus(result);
      if (largestLoss === null || result.lt(largestLoss)) largestLoss = result;
    }
    addTo(bySymbol, trade.symbol, result);
    addTo(byWeekday, weekday(trade.entry), result);
    if (trade.entry.length > 10) addTo(byHour, trade.entry.slice(11, 13), result);
    addTo(byPrice, priceBucket(trade.avg_entry), result);
  }
  const streaks = winStreaks(trades);
  return {
    count: trades.length,
    wins,
    losses,
    scratches: trades.length - wins - losses,
    win_rate: wins + losses === 0 ? null : ratio(toDecimal(wins), toDecimal(wins + losses)),
    gross: amount(gross),
    fees: amount(fees),
    net: amount(net),
    profit_factor: losses === 0 ? null : ratio(won, lost.abs()),
    expectancy: trades.length === 0 ? null : ratio(net, toDecimal(trades.length)),
    avg_win: wins === 0 ? null : ratio(won, toDecimal(wins)),
    avg_loss: losses === 0 ? null : ratio(lost, toDecimal(losses)),
    largest_win: orNull(largestWin),
    largest_loss: orNull(largestLoss),
    ...streaks,
    by_symbol: buckets(bySymbol),
    by_weekday: buckets(byWeekday),
    by_hour: buckets(byHour),
    by_price: buckets(byPrice),
  };
}

/** Streaks follow the order trades closed (exit), entry breaking ties. */
function winStreaks(trades: readonly ClosedTrade[]): { current_win_streak: number; best_win_streak: number } {
  const byExit = [...trades].sort((a, b) => (a.exit < b.exit ? -1 : a.exit > b.exit ? 1 : 0));
  let current = 0;
  let best = 0;
  for (const trade of byExit) {
    current = toDecimal(trade.net).gt(0) ? current + 1 : 0;
    best = Math.max(best, current);
  }
  return { current_win_streak: current, best_win_streak: best };
}
