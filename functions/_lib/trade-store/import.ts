import { createHash } from 'node:crypto';
import type { MembershipGate } from '../billing/gate.ts';
import type { ImportedExecution, Trade } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { newId } from '../ids.ts';
import { plain, toDecimal } from '../trades/money.ts';
import { MAX_TRADES } from '../trades/rules.ts';
import { tradeKeys } from './keys.ts';
import { IMPORT_TRADES } from './scripts.ts';
import { tradeLimit } from './trades.ts';

/**
 * What identifies an execution across imports of the same file (or of overlapping exports):
 * worked out here from its fields, never taken from the client, so a client cannot make two
 * different executions collide or one execution count twice.
 */
export function fingerprint(e: ImportedExecution): string {
  const parts = [
    e.broker,
    e.account ?? '',
    e.time,
    e.symbol,
    e.side,
    e.qty,
    plain(toDecimal(e.price)),
    e.orderId ?? '',
    e.execId ?? '',
    ...(e.occurrence && e.occurrence > 1 ? [`#${e.occurrence}`] : []),
  ];
  return createHash('sha256').update(parts.join('\u001f')).digest('base64url').slice(0, 32);
}

/**
 * What importing this batch would do, writing nothing (the preview's duplicate count): one round
 * trip, the membership check riding along.
 */
export async function checkExecutions(
  gate: MembershipGate,
  executions: ImportedExecution[],
): Promise<{ added: number; duplicates: number; total: number }> {
  const { sub } = gate.caller;
  const fps = [...new Set(executions.map(fingerprint))];
  const [stored, count] = await gate.exec<[Record<string, unknown> | null, number]>(
    gate
      .pipeline()
      .hmget(tradeKeys.fingerprints(sub), ...fps)
      .zcard(tradeKeys.trades(sub)),
  );
  // The SDK answers HMGET as an object of the fields, or null when none of them exists.
  const known = Object.values(stored ?? {}).filter((id) => id !== null).length;
  const added = fps.length - known;
  return { added, duplicates: executions.length - added, total: count + added };
}

/**
 * Beyond the brief: a batch of parsed executions, all or nothing, in two round trips (the gate's
 * membership read, then one script). Executions already imported are counted as duplicates.
 */
export async function importExecutions(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  executions: ImportedExecution[],
): Promise<{ added: number; duplicates: number; total: number }> {
  await gate.require();
  const { sub } = gate.caller;
  const now = deps.now();
  const keys = [tradeKeys.trades(sub), tradeKeys.fingerprints(sub)];
  const args = [String(MAX_TRADES)];
  for (const e of executions) {
    const id = newId('trade_');
    const fp = fingerprint(e);
    const price = plain(toDecimal(e.price));
    const trade: Trade = {
      trade_id: id,
      symbol: e.symbol,
      tradeType: e.side,
      shares: String(e.qty),
      buyPrice: e.side === 'buy' ? price : null,
      sellPrice: e.side === 'sell' ? price : null,
      sellProfit: null,
      fees: plain(toDecimal(e.fees)),
      note: '',
      time: e.time,
      updated: now,
      source: e.broker,
      account: e.account ?? null,
      intent: e.intent ?? null,
      currency: e.currency ?? 'USD',
      fingerprint: fp,
    };
    keys.push(tradeKeys.trade(sub, id), tradeKeys.symbol(sub, e.symbol));
    args.push(fp, id, String(e.time), JSON.stringify(trade));
  }
  const reply = await deps.store.eval(IMPORT_TRADES, keys, args);
  if (reply === 'limit') throw tradeLimit();
  const [added, duplicates, total] = (reply as Array<number | string>).map(Number);
  return { added: added ?? 0, duplicates: duplicates ?? 0, total: total ?? 0 };
}
