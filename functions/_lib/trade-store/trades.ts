import type { MembershipGate } from '../billing/gate.ts';
import type { Trade } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { queueMember } from '../market/sync-queue.ts';
import { parseJson } from '../store.ts';
import { parsePriceInput, plain, toDecimal } from '../trades/money.ts';
import { cleanNote, cleanSymbol, MAX_TRADES, TRADES_PAGE_SIZE, tradeFormError } from '../trades/rules.ts';
import { openTradeIds } from '../trades/stored-trades.ts';
import { tradeKeys } from './keys.ts';
import { DELETE_TRADE, SAVE_TRADE } from './scripts.ts';

const ATTEMPTS = 3;

export interface TradeFilter {
  symbol?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  side?: 'buy' | 'sell' | undefined;
  status?: 'open' | 'closed' | undefined;
}

/**
 * docs/product.md §7 journal/trades: newest executed first, 100 a page, narrowed by symbol (its own index),
 * time range (the index's scores) and side (checked on the records). Two round trips.
 */
export async function listTrades(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  filter: TradeFilter = {},
  page = 0,
): Promise<{ trades: Trade[]; more: boolean; total: number }> {
  const { sub } = gate.caller;
  const symbol = filter.symbol ? cleanSymbol(filter.symbol.replace(/^\$/, '')) : '';
  // A symbol of nothing but special characters names no trade (not every trade).
  if (filter.symbol && !symbol) {
    await gate.require();
    return { trades: [], more: false, total: 0 };
  }
  const key = symbol ? tradeKeys.symbol(sub, symbol) : tradeKeys.trades(sub);
  if (filter.status) return listByStatus(deps, gate, key, filter, page);
  const max = filter.to ?? '+inf';
  const min = filter.from ?? '-inf';
  // A side filter reads the whole range and keeps one side; otherwise the index pages itself.
  const paged = filter.side ? {} : { offset: page * TRADES_PAGE_SIZE, count: TRADES_PAGE_SIZE };
  const pipe = gate.pipeline().zrange(key, max, min, { byScore: true, rev: true, ...paged });
  // The count is the index's only without a side filter; with one it is counted from the records.
  const [ids, total = 0] = await gate.exec<[string[], number?]>(
    filter.side ? pipe : pipe.zcount(key, min, max),
  );
  const trades = await readTrades(deps.store, sub, ids);
  if (!filter.side) return { trades, more: (page + 1) * TRADES_PAGE_SIZE < total, total };
  const sided = trades.filter((t) => t.tradeType === filter.side);
  const start = page * TRADES_PAGE_SIZE;
  return {
    trades: sided.slice(start, start + TRADES_PAGE_SIZE),
    more: start + TRADES_PAGE_SIZE < sided.length,
    total: sided.length,
  };
}

/**
 * Whether a trade is part of a position still open depends on every earlier trade of its symbol, so
 * this reads the whole list (or the symbol's) and applies the round-trip rule (trades/stored-trades.ts)
 * before the other filters: two round trips, heavier than the indexed filters (README: limits).
 */
async function listByStatus(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  key: string,
  filter: TradeFilter,
  page: number,
): Promise<{ trades: Trade[]; more: boolean; total: number }> {
  const [ids] = await gate.exec<[string[]]>(gate.pipeline().zrange(key, 0, -1, { rev: true }));
  const all = await readTrades(deps.store, gate.caller.sub, ids);
  const open = openTradeIds(all);
  const kept = all.filter(
    (t) =>
      open.has(t.trade_id) === (filter.status === 'open') &&
      (filter.from === undefined || t.time >= filter.from) &&
      (filter.to === undefined || t.time <= filter.to) &&
      (filter.side === undefined || t.tradeType === filter.side),
  );
  const start = page * TRADES_PAGE_SIZE;
  return {
    trades: kept.slice(start, start + TRADES_PAGE_SIZE),
    more: start + TRADES_PAGE_SIZE < kept.length,
    total: kept.length,
  };
}

export interface TradeInput {
  trade_id: string;
  symbol: string;
  tradeType: 'buy' | 'sell';
  buyPrice?: string | null | undefined;
  sellPrice?: string | null | undefined;
  shares: string | number;
  note?: string | undefined;
  /** Exact, 0 or more; absent keeps the stored fees. */
  fees?: string | undefined;
  /** Executed at (ms), not in the future; absent keeps the stored time. */
  time?: number | undefined;
}

/**
 * docs/product.md §7 journal/trades/update: create or edit one typed trade. The form's rules are checked
 * again here with its messages (the time against the server's clock); `sellProfit` is worked out from
 * the prices, never taken from the client. A sell keeps its sell price, and a buy price only when one
 * is given (an import's shape); fees are stored as imports store them. Two round trips: the gate's
 * pipeline with the stored trade, then the script.
 */
export async function saveTrade(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: TradeInput,
): Promise<{ trade: Trade }> {
  const shares = String(input.shares).trim();
  const problem = tradeFormError({ ...input, shares }, deps.now());
  if (problem) throw badRequest(problem);
  const price = (text: string | null | undefined) => {
    const parsed = parsePriceInput(text ?? '');
    return parsed.ok ? parsed.value : null;
  };
  // tradeFormError has accepted the side's price and any other price given, and the fees.
  const buyPrice = price(input.buyPrice);
  const sellPrice = input.tradeType === 'sell' ? price(input.sellPrice) : null;
  const fees = input.fees?.trim() ? plain(toDecimal(input.fees.trim().replace(',', '.'))) : undefined;
  const { sub } = gate.caller;
  const key = tradeKeys.trade(sub, input.trade_id);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [raw] = await gate.read<[unknown]>((pipe) => pipe.get(key));
    const storedJson = typeof raw === 'string' ? raw : '';
    const stored = parseJson<Trade>(storedJson);
    const now = deps.now();
    const trade: Trade = {
      trade_id: input.trade_id,
      symbol: cleanSymbol(input.symbol),
      tradeType: input.tradeType,
      shares: shares.replace(/^0+(?=\d)/, ''),
      buyPrice,
      sellPrice,
      sellProfit:
        sellPrice === null || buyPrice === null
          ? null
          : toDecimal(sellPrice).gte(toDecimal(buyPrice))
            ? '+'
            : '-',
      fees: fees ?? stored?.fees ?? '0',
      note: cleanNote(input.note ?? ''),
      time: input.time ?? stored?.time ?? now,
      updated: now,
      source: stored?.source ?? 'manual',
      account: stored?.account ?? null,
      intent: stored?.intent ?? null,
      ...(stored?.currency ? { currency: stored.currency } : {}),
      // A date-only import stays date-only until the member gives it another time.
      ...(stored?.dateOnly && (input.time ?? stored.time) === stored.time ? { dateOnly: true } : {}),
      fingerprint: stored?.fingerprint ?? null,
    };
    // The member's MAE/MFE are measured again in the background (market-sync.ts), queued in the same round trip.
    const [outcome] = (await queueMember(
      deps.store
        .pipeline()
        .eval(
          SAVE_TRADE,
          [
            tradeKeys.trades(sub),
            key,
            tradeKeys.symbol(sub, trade.symbol),
            tradeKeys.symbol(sub, stored?.symbol ?? trade.symbol),
          ],
          [
            trade.trade_id,
            storedJson,
            JSON.stringify(trade),
            String(trade.time),
            String(MAX_TRADES),
            stored ? '1' : '0',
          ],
        ),
      sub,
      now,
    ).exec()) as [unknown];
    if (outcome === 'ok') return { trade };
    if (outcome === 'limit') throw tradeLimit();
  }
  throw new HttpError(409, 'This trade is being changed elsewhere; try again');
}

/** docs/product.md §7 journal/trades/delete. */
export async function deleteTrade(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  tradeId: string,
): Promise<{ deleted: boolean }> {
  const { sub } = gate.caller;
  const key = tradeKeys.trade(sub, tradeId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [raw] = await gate.read<[unknown]>((pipe) => pipe.get(key));
    const stored = parseJson<Trade>(raw);
    if (!stored || typeof raw !== 'string') return { deleted: false };
    const [outcome] = (await queueMember(
      deps.store
        .pipeline()
        .eval(
          DELETE_TRADE,
          [
            tradeKeys.trades(sub),
            key,
            tradeKeys.symbol(sub, stored.symbol),
            tradeKeys.fingerprints(sub),
            tradeKeys.tripNotes(sub),
          ],
          [tradeId, raw, stored.fingerprint ?? ''],
        ),
      sub,
      deps.now(),
    ).exec()) as [unknown];
    if (outcome === 'ok') return { deleted: true };
    if (outcome === 'missing') return { deleted: false };
  }
  throw new HttpError(409, 'This trade is being changed elsewhere; try again');
}

export const tradeLimit = () =>
  new HttpError(
    422,
    `Your journal holds at most ${MAX_TRADES.toLocaleString('en-US')} trades. Delete some to add more.`,
  );

/** Keys a single MGET asks for: a whole history is read as several MGETs in one pipeline. */
const MGET_CHUNK = 1000;

/** Trades by id (one round trip: one MGET, or a pipeline of them), in the order given; missing ones skipped. */
export async function readTrades(
  store: Deps['store'],
  sub: string,
  ids: readonly string[],
): Promise<Trade[]> {
  if (ids.length === 0) return [];
  const keys = ids.map((id) => tradeKeys.trade(sub, id));
  if (keys.length <= MGET_CHUNK) {
    const raws = (await store.mget(...keys)) as unknown[];
    return raws.flatMap((raw) => parseJson<Trade>(raw) ?? []);
  }
  const pipe = store.pipeline();
  for (let at = 0; at < keys.length; at += MGET_CHUNK) pipe.mget(...keys.slice(at, at + MGET_CHUNK));
  const chunks = (await pipe.exec()) as unknown[][];
  return chunks.flat().flatMap((raw) => parseJson<Trade>(raw) ?? []);
}
