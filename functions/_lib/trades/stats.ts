import { byExit } from './equity.ts';
import { ratio, toDecimal } from './money.ts';
import { computeReports, ledgerOf, type TradeReports, type TripNotes } from './reports.ts';
import type { ClosedTrade } from './round-trips.ts';

/**
 * Journal statistics over closed round trips of one currency (adding USD to CAD would mean nothing):
 * the headline figures, then every report of reports.ts. Money stays exact; ratios and averages,
 * which may not terminate, are rounded half-up to 4 decimals. A value that is undefined for the input
 * (profit factor without losses, average win without wins) is null, never 0 or Infinity.
 */

export interface TradeStats extends TradeReports {
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
}

/** Statistics and reports of closed trades (give one currency at a time); `notes` by round-trip id. */
export function computeStats(
  trades: readonly ClosedTrade[],
  notes?: ReadonlyMap<string, TripNotes>,
): TradeStats {
  const ledger = ledgerOf(trades);
  const { units } = ledger;
  let gross = 0n;
  let fees = 0n;
  let net = 0n;
  let won = 0n;
  let lost = 0n;
  let wins = 0;
  let losses = 0;
  let largestWin: bigint | null = null;
  let largestLoss: bigint | null = null;
  for (const m of ledger.money) {
    gross += m.gross;
    fees += m.fees;
    net += m.net;
    if (m.net > 0n) {
      wins++;
      won += m.net;
      if (largestWin === null || m.net > largestWin) largestWin = m.net;
    } else if (m.net < 0n) {
      losses++;
      lost += m.net;
      if (largestLoss === null || m.net < largestLoss) largestLoss = m.net;
    }
  }
  const average = (sum: bigint, count: number) => ratio(units.decimal(sum), toDecimal(count));
  return {
    count: trades.length,
    wins,
    losses,
    scratches: trades.length - wins - losses,
    win_rate: wins + losses === 0 ? null : ratio(toDecimal(wins), toDecimal(wins + losses)),
    gross: units.text(gross),
    fees: units.text(fees),
    net: units.text(net),
    profit_factor: losses === 0 ? null : ratio(units.decimal(won), units.decimal(-lost)),
    expectancy: trades.length === 0 ? null : average(net, trades.length),
    avg_win: wins === 0 ? null : average(won, wins),
    avg_loss: losses === 0 ? null : average(lost, losses),
    largest_win: largestWin === null ? null : units.text(largestWin),
    largest_loss: largestLoss === null ? null : units.text(largestLoss),
    ...winStreaks(
      trades.map((trade, index) => ({ exit: trade.exit, win: (ledger.money[index]?.net ?? 0n) > 0n })),
    ),
    ...computeReports(ledger, notes),
  };
}

/** Streaks follow the order trades closed (exit), entry breaking ties. */
function winStreaks(trades: readonly { exit: string; win: boolean }[]): {
  current_win_streak: number;
  best_win_streak: number;
} {
  let current = 0;
  let best = 0;
  for (const trade of byExit(trades)) {
    current = trade.win ? current + 1 : 0;
    best = Math.max(best, current);
  }
  return { current_win_streak: current, best_win_streak: best };
}
