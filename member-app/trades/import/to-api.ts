import type { ImportedExecution, TradeActionInput } from '../../../functions/_lib/contract/trades.ts';
import type { Execution, Rejection, Warning } from '../../../functions/_lib/trades/executions.ts';
import type {
  CurrencyTotals,
  FileAnalysis,
  SettledSell,
} from '../../../functions/_lib/trades/import-file.ts';
import type { ActionOutcome, OpenedBefore, Unresolved } from '../../../functions/_lib/trades/round-trips.ts';
import { IMPORT_BATCH } from '../../../functions/_lib/trades/rules.ts';
import type { StatementCheck } from '../../../functions/_lib/trades/statement-checks.ts';
import { fileActionInput } from '../../../functions/_lib/trades/stored-actions.ts';

/**
 * One parsed execution as the import call takes it (functions/_lib/contract/trades.ts): its fields,
 * its occurrence among identical rows as analyzeFile made it, and whether its file gave the date
 * alone; the server works out the fingerprint.
 */
export function toImportedExecution(execution: Execution): ImportedExecution {
  const { occurrence = 1 } = execution;
  return {
    broker: execution.broker,
    account: execution.account === '' ? null : execution.account,
    time: execution.epochMs,
    symbol: execution.symbol,
    side: execution.side,
    intent: execution.intent,
    qty: execution.qty,
    price: execution.price,
    fees: execution.fees,
    currency: /^[A-Z]{3}$/.test(execution.currency) ? execution.currency : 'USD',
    orderId: execution.orderId,
    execId: execution.execId,
    ...(occurrence > 1 ? { occurrence } : {}),
    // `YYYY-MM-DD` without `T`: the file gave no time of day; the server keeps that with the trade.
    ...(execution.time.length <= 10 ? { dateOnly: true as const } : {}),
  };
}

/** Consecutive slices of at most `size` (the server takes up to IMPORT_BATCH a call). */
export function batches<T>(items: readonly T[], size: number = IMPORT_BATCH): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size must be a whole number above 0`);
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** What the dialog shows before anything is saved, and the executions to send. */
export interface ImportPreview {
  broker: string;
  /** The export's name as members know it (BrokerFormat.label). */
  brokerLabel: string;
  /** Data rows read: executions plus rejected rows. */
  rows: number;
  executions: ImportedExecution[];
  rejected: Rejection[];
  /** Footers passed over, joined files, a statement's P&L that does not add up. */
  warnings: Warning[];
  /** Closed trades' totals per currency (USD and CAD apart, never added). */
  totals: Record<string, CurrencyTotals>;
  closedTrades: number;
  openPositions: number;
  /** Closes of positions opened before the file: not trades until their openings are known. */
  openedBefore: OpenedBefore[];
  /** Plain sells with nothing held, one per account and symbol: the member's question (fills omitted). */
  unresolved: (Omit<Unresolved, 'fills'> & { waiting: number })[];
  /** Questions the file answered itself (its stated end position). */
  settled: SettledSell[];
  /** The file's own totals and positions beside the reading (a statement's P/L Day, its end positions). */
  checks: StatementCheck[];
  /** The file's splits and symbol changes, as the journal keeps them (saved with the executions). */
  actions: TradeActionInput[];
  /** What each did to the position it met in the file. */
  actionOutcomes: ActionOutcome[];
  /** False when the file has dates only (history exports): the time of day is unknown. */
  timesKnown: boolean;
  /** First and last trade date as printed in the file (`YYYY-MM-DD`); null without executions. */
  from: string | null;
  to: string | null;
}

/** The preview of one analysed file (small enough to post from the worker, unlike the whole analysis). */
export function previewOf(analysis: FileAnalysis, brokerLabel: string): ImportPreview {
  const dates = analysis.executions.map((execution) => execution.time.slice(0, 10)).sort();
  return {
    broker: analysis.broker,
    brokerLabel,
    rows: analysis.executions.length + analysis.rejected.length,
    // An answered sell with nothing held is stored as what the answer made it: a short sale opens, a
    // sale of shares held before the file closes.
    executions: analysis.executions.map((execution) => {
      const answer = analysis.answered[execution.fingerprint];
      return toImportedExecution(
        answer ? { ...execution, intent: answer === 'short' ? 'open' : 'close' } : execution,
      );
    }),
    rejected: analysis.rejected,
    warnings: analysis.warnings,
    totals: analysis.totals,
    timesKnown: analysis.executions.some((execution) => execution.time.length > 10),
    closedTrades: analysis.closed_trades.length,
    openPositions: analysis.open_positions.length,
    openedBefore: analysis.opened_before,
    // A question's held-back fills can be thousands: the preview needs only their count.
    unresolved: analysis.unresolved.map(({ fills, ...question }) => ({ ...question, waiting: fills.length })),
    settled: analysis.settled,
    checks: analysis.checks,
    actions: analysis.actions.map((action) => fileActionInput(action, analysis.broker)),
    actionOutcomes: analysis.action_outcomes,
    from: dates[0] ?? null,
    to: dates.at(-1) ?? null,
  };
}
