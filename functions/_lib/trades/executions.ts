/** The broker-neutral fill every parser produces and the matcher consumes. */

import type { FormatId } from './brokers/index.ts';

/**
 * Every export's id, taken from the format registry (brokers/index.ts), and `custom`: a file read
 * through the member's own column mapping. A format added to the registry is a BrokerId by that alone.
 */
export type BrokerId = FormatId | 'custom';

export type Side = 'buy' | 'sell';

/** What the file says the fill did; null when its label does not say (DAS `B`, Webull `Buy`). */
export type Intent = 'open' | 'close' | null;

/**
 * What a row trades (brokers/instruments.ts classifies it): only `stock` rows become executions; every
 * other row is listed as not imported with its instrument, and counted apart ("20 option rows not
 * imported: options are not supported yet"). `cash` covers FX conversions and corporate-action cash.
 */
export type Instrument = 'stock' | 'option' | 'future' | 'fund' | 'crypto' | 'bond' | 'cash' | 'unknown';
export type NotStock = Exclude<Instrument, 'stock'>;

export interface Execution {
  broker: BrokerId;
  account: string;
  currency: string;
  /** Local wall-clock time as printed, `YYYY-MM-DDTHH:MM:SS` (or `YYYY-MM-DD` for date-only files). */
  time: string;
  /** The same instant, computed in the file's zone. */
  epochMs: number;
  symbol: string;
  side: Side;
  intent: Intent;
  /** Shares as an exact decimal string (fractional shares too), always positive; `side` gives the direction. */
  qty: string;
  /** Exact decimal string, as many decimals as the file has. */
  price: string;
  /** Sum of the row's fee columns as an exact decimal string; a rebate makes it lower or negative. */
  fees: string;
  orderId: string | null;
  execId: string | null;
  /** 1-based line of the row in the file, for messages and for a stable order. */
  line: number;
  fingerprint: string;
  /**
   * The 2nd, 3rd… of rows identical in every field the fingerprint reads (absent for the first): set
   * once, where the whole file is seen (import-file.ts), and sent to the import as it is.
   */
  occurrence?: number;
  /** What the statement itself says this fill realised, net of fees (IBKR `Realized P/L`): a cross-check. */
  reportedPnl?: string;
  /**
   * The asset class the row itself prints (IBKR `AssetClass` `STK`/`OPT`, thinkorswim `Type`, E*TRADE
   * `SecurityType`…), when the format has such a column: the shared reader classifies the row by it
   * before anything else (brokers/instruments.ts); without it, by the symbol's shape.
   */
  assetClass?: string;
  /**
   * The row's own cash amount as the file prints it (`Amount`, `Net Amount`, `Proceeds`…), signed as
   * printed: the shared reader checks quantity × price ± fees against it (brokers/reconcile.ts).
   */
  amount?: string;
  /**
   * How fees enter `amount`: `net` (a sale's amount is gross − fees, a buy's gross + fees), `gross`
   * (fees are not in it). Absent: either is accepted.
   */
  amountFees?: 'net' | 'gross';
}

/** A data row that was not imported, and why (cancelled, not a trade, an unreadable price…). */
export interface Rejection {
  line: number;
  reason: string;
  /** Set when the row trades something else than stock (an option, a future…): counted apart. */
  instrument?: NotStock;
}

/**
 * What a file states about itself beyond its rows: a statement's positions at its end and its own
 * realised P&L per symbol (thinkorswim *Profits and Losses* and *Equities*, IBKR *Realized & Unrealized
 * Performance Summary* and *Open Positions*, Schwab realized totals, a footer). The import compares its
 * reading with them (statement-checks.ts), and a stated end position settles which opening sells
 * were short sales.
 */
export interface StatedFigures {
  /**
   * Positions at the end of the file's period, signed (negative = short). With `positionsComplete`, a
   * symbol not listed was flat at the end.
   */
  positions?: StatedPosition[];
  positionsComplete?: boolean;
  /** Realised P&L per symbol over the file's period, as the file prints it. */
  realized?: StatedRealized[];
}

export interface StatedPosition {
  account: string;
  symbol: string;
  currency: string;
  /** Exact decimal, signed: negative for a short position. */
  shares: string;
  line: number;
}

export interface StatedRealized {
  account: string;
  symbol: string;
  currency: string;
  /** Exact decimal as printed. */
  amount: string;
  /** True when the file's figure is after fees (net), false when before (gross). */
  net: boolean;
  /** The file's own name for the figure (`P/L Day`, `Realized Total`…), for the message. */
  label: string;
  line: number;
}

/**
 * A corporate action that changes open lots without a trade: a split (forward or reverse: shares ×
 * ratio, per-share cost ÷ ratio, total cost unchanged) or a symbol change (the position moves to the
 * new symbol). Read from the rows that report them (Schwab `Stock Split`, Robinhood `SPL`, IBKR
 * *Corporate Actions*) or entered by the member.
 */
export interface CorporateAction {
  kind: 'split' | 'rename';
  account: string;
  currency: string;
  symbol: string;
  /** A rename's new symbol. */
  toSymbol?: string;
  /** A split's new shares per old share, exact: `10` for 10-for-1, `0.1` or `1/10` for 1-for-10, `1/6` (a fraction where no decimal is exact). */
  ratio?: string;
  /**
   * A split stated as the shares it added (positive) or removed (negative), as Schwab and Robinhood
   * print it: the ratio is (held + this) ÷ held at that moment.
   */
  sharesDelta?: string;
  time: string;
  epochMs: number;
  line: number;
}

/** Something about the file a member should know that is not a rejected row (a footer, a mismatch). */
export interface Warning {
  line: number;
  message: string;
}

export interface ParseResult {
  executions: Execution[];
  rejected: Rejection[];
  warnings: Warning[];
  /** What the file states about its own totals and positions, when it does. */
  stated?: StatedFigures;
  /** Splits and symbol changes the file reports. */
  actions?: CorporateAction[];
}

/**
 * Identity of a fill across re-imports of the same file (or an overlapping later export): everything
 * the broker printed about it, nothing derived. Two partial fills of one order at one price and second
 * differ only by quantity or exec id, so both are part of the key.
 */
export function fingerprint(
  execution: Omit<
    Execution,
    | 'fingerprint'
    | 'occurrence'
    | 'line'
    | 'epochMs'
    | 'fees'
    | 'intent'
    | 'reportedPnl'
    | 'assetClass'
    | 'amount'
    | 'amountFees'
  >,
): string {
  return [
    'v1',
    execution.broker,
    execution.account,
    execution.time,
    execution.symbol,
    execution.side,
    execution.qty,
    execution.price,
    execution.orderId ?? '',
    execution.execId ?? '',
  ]
    .map((part) => String(part).replaceAll('|', '/'))
    .join('|');
}

/** Builds an Execution with its fingerprint filled in. */
export function makeExecution(fields: Omit<Execution, 'fingerprint'>): Execution {
  return { ...fields, fingerprint: fingerprint(fields) };
}

/** Sort rank inside one time stamp: opening fills before closing ones (README: ordering ties). */
export function tieRank(execution: Pick<Execution, 'side' | 'intent'>): number {
  if (execution.intent === 'open') return 0;
  if (execution.intent === 'close') return 1;
  return execution.side === 'buy' ? 0 : 1;
}

/** Chronological order with opening fills first on equal time stamps, then file order. */
export function sortExecutions(executions: readonly Execution[]): Execution[] {
  return executions
    .map((execution, index) => ({ execution, index }))
    .sort(
      (a, b) =>
        a.execution.epochMs - b.execution.epochMs ||
        tieRank(a.execution) - tieRank(b.execution) ||
        a.index - b.index,
    )
    .map(({ execution }) => execution);
}
