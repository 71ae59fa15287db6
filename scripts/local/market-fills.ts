// The fills members have for a symbol on a day, read from the store the functions use: the local
// market-data stand-in bends its made-up bars through them (synthetic-bars.ts).
import type { Trade } from '../../functions/_lib/contract/trades.ts';
import { marketDay, marketTime } from '../../functions/_lib/market/market-day.ts';
import { parseJson, type Store } from '../../functions/_lib/store.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { dateOnlyDay } from '../../functions/_lib/trades/date-only.ts';
import type { Fill } from './synthetic-bars.ts';

/** A date-only trade's time is its day's midnight in any zone from UTC−12 to UTC+14. */
const ZONE_SLACK_MS = 15 * 3_600_000;

/** Every member's fills of `symbol` on each of the days (New York dates), by day. */
export async function fillsByDay(
  store: Store,
  symbol: string,
  days: readonly string[],
): Promise<Map<string, Fill[]>> {
  const byDay = new Map<string, Fill[]>(days.map((day) => [day, []]));
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return byDay;
  const from = marketTime(first, '00:00') - ZONE_SLACK_MS;
  const to = marketTime(last, '23:59') + 60_000 + ZONE_SLACK_MS;
  for (const key of await symbolKeys(store, symbol)) {
    const sub = key.slice(2, key.length - `:trades:sym:${symbol}`.length);
    const ids = await store.zrange<string[]>(key, from, to, { byScore: true });
    if (ids.length === 0) continue;
    const raw = await store.mget<Array<string | null>>(...ids.map((id) => tradeKeys.trade(sub, id)));
    for (const trade of raw.map((text) => parseJson<Trade>(text))) {
      if (!trade) continue;
      const day = trade.dateOnly ? dateOnlyDay(trade.time) : marketDay(trade.time);
      const price = Number(trade.tradeType === 'sell' ? (trade.sellPrice ?? trade.buyPrice) : trade.buyPrice);
      if (!(price > 0)) continue;
      byDay
        .get(day)
        ?.push({ time: trade.dateOnly ? null : trade.time, price, shares: Number(trade.shares) || 0 });
    }
  }
  return byDay;
}

/** Every member's index of the symbol's trades (`u:{sub}:trades:sym:{SYMBOL}`), by SCAN. */
async function symbolKeys(store: Store, symbol: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await store.scan(cursor, { match: `u:*:trades:sym:${symbol}`, count: 1000 });
    cursor = String(next);
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}
