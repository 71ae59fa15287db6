import { ImportError } from '../../functions/_lib/trades/errors.ts';
import {
  type Execution,
  type Intent,
  makeExecution,
  type Side,
} from '../../functions/_lib/trades/executions.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';

export interface FillSpec {
  time: string;
  side: Side;
  /** Shares: exact decimal text (a number is written as its digits). */
  qty: number | string;
  price: string;
  symbol?: string;
  fees?: string;
  intent?: Intent;
  account?: string;
  currency?: string;
}

/** A DAS-like execution for matcher tests: New York wall time, USD, one account unless told. */
export function fill(spec: FillSpec, line = 0): Execution {
  const epochMs = zonedTimeToEpoch(spec.time, 'America/New_York');
  if (epochMs === null) throw new Error(`bad time ${spec.time}`);
  return makeExecution({
    broker: 'das',
    account: spec.account ?? 'ACC1',
    currency: spec.currency ?? 'USD',
    time: spec.time,
    epochMs,
    symbol: spec.symbol ?? 'HMBL',
    side: spec.side,
    intent: spec.intent ?? null,
    qty: String(spec.qty),
    price: spec.price,
    fees: spec.fees ?? '0',
    orderId: null,
    execId: null,
    line,
  });
}

/** The ImportError `run` throws (anything else fails the test). */
export function importError(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

/** A round trip for report and filter tests: a 15-minute ABCD long in USD unless told otherwise. */
export function closedTrade(fields: Partial<ClosedTrade> = {}): ClosedTrade {
  return {
    id: 't1',
    symbol: 'ABCD',
    account: 'A',
    currency: 'USD',
    side: 'long',
    shares: '1000',
    entry: '2026-03-16T09:30:00',
    exit: '2026-03-16T09:45:00',
    avg_entry: '0.5',
    avg_exit: '0.6',
    cost: '500.0000',
    gross: '100.0000',
    fees: '1.0000',
    net: '99.0000',
    executions: 2,
    ...fields,
  };
}
