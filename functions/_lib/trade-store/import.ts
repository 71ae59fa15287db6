import { createHash } from 'node:crypto';
import type { MembershipGate } from '../billing/gate.ts';
import type { ImportedExecution, Trade } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { queueMember } from '../market/sync-queue.ts';
import { FORMAT_IDS } from '../trades/brokers/index.ts';
import { plain, toDecimal } from '../trades/money.ts';
import { MAX_TRADES } from '../trades/rules.ts';
import { tradeKeys } from './keys.ts';
import { IMPORT_TRADES } from './scripts.ts';
import { tradeLimit } from './trades.ts';

/**
 * What identifies an execution across imports of the same file (or of overlapping exports): made
 * here, once, from the fields as sent (the occurrence as the file's reading numbered identical
 * rows), never taken from the client, so a client cannot make two different executions collide or
 * one execution count twice, nor name another execution's fingerprint to skip or replace it.
 */
export function fingerprint(e: ImportedExecution): string {
  const parts = [
    e.broker,
    e.account ?? '',
    e.time,
    e.symbol,
    e.side,
    // A whole number reads as it always did (`2000000`), so fingerprints stored before fractional shares hold.
    plain(toDecimal(e.qty)),
    plain(toDecimal(e.price)),
    e.orderId ?? '',
    e.execId ?? '',
    ...(e.occurrence && e.occurrence > 1 ? [`#${e.occurrence}`] : []),
  ];
  return createHash('sha256').update(parts.join('\u001f')).digest('base64url').slice(0, 32);
}

/** Every execution names a format the importer reads (or the member's column mapping): 400 otherwise. */
function assertBrokers(executions: readonly ImportedExecution[]): void {
  const at = executions.findIndex((e) => e.broker !== 'custom' && !FORMAT_IDS.has(e.broker));
  if (at >= 0)
    throw badRequest(
      `executions.${at}.broker: use the id of a broker format the importer reads, e.g. das (not "${executions[at]?.broker}")`,
    );
}

/**
 * The batch's fingerprints, how many of them are new, and the member's trade count: the endpoint's
 * first pipeline, which also reads the membership (`membership: 'in-first-pipeline'`).
 */
async function readBatch(gate: MembershipGate, executions: readonly ImportedExecution[]) {
  const { sub } = gate.caller;
  const fps = executions.map(fingerprint);
  const distinct = [...new Set(fps)];
  const [stored, count] = await gate.exec<[Record<string, unknown> | null, number]>(
    gate
      .pipeline()
      .hmget(tradeKeys.fingerprints(sub), ...distinct)
      .zcard(tradeKeys.trades(sub)),
  );
  // The SDK answers HMGET as an object of the fields, or null when none of them exists.
  const known = Object.values(stored ?? {}).filter((id) => id !== null).length;
  return { fps, added: distinct.length - known, count };
}

/** What importing this batch would do, writing nothing (the preview's duplicate count): one round trip. */
export async function checkExecutions(
  gate: MembershipGate,
  executions: ImportedExecution[],
): Promise<{ added: number; duplicates: number; total: number }> {
  assertBrokers(executions);
  const { added, count } = await readBatch(gate, executions);
  return { added, duplicates: executions.length - added, total: count + added };
}

/**
 * Beyond the brief: a batch of parsed executions, all or nothing. The first round trip reads the
 * membership with what the batch would add; a batch already imported is answered from it, the others
 * are written by one script, which checks again atomically. Executions already imported are counted
 * as duplicates.
 */
export async function importExecutions(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  executions: ImportedExecution[],
): Promise<{ added: number; duplicates: number; total: number }> {
  assertBrokers(executions);
  const read = await readBatch(gate, executions);
  // Nothing new: what the script would answer (it refuses only past the cap, as here).
  if (read.added === 0 && read.count <= MAX_TRADES) {
    return { added: 0, duplicates: executions.length, total: read.count };
  }
  const { sub } = gate.caller;
  const now = deps.now();
  const keys = [tradeKeys.trades(sub), tradeKeys.fingerprints(sub)];
  const args = [String(MAX_TRADES)];
  executions.forEach((e, i) => {
    const id = newId('trade_');
    const fp = read.fps[i] as string;
    const price = plain(toDecimal(e.price));
    const trade: Trade = {
      trade_id: id,
      symbol: e.symbol,
      tradeType: e.side,
      shares: plain(toDecimal(e.qty)),
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
      ...(e.dateOnly ? { dateOnly: true } : {}),
      fingerprint: fp,
    };
    keys.push(tradeKeys.trade(sub, id), tradeKeys.symbol(sub, e.symbol));
    args.push(fp, id, String(e.time), JSON.stringify(trade));
  });
  // The member's MAE/MFE are measured again in the background (market-sync.ts), queued in the same round trip.
  const [reply] = (await queueMember(
    deps.store.pipeline().eval(IMPORT_TRADES, keys, args),
    sub,
    now,
  ).exec()) as [unknown];
  if (reply === 'limit') throw tradeLimit();
  const [added, duplicates, total] = (reply as Array<number | string>).map(Number);
  return { added: added ?? 0, duplicates: duplicates ?? 0, total: total ?? 0 };
}
