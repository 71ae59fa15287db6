// Made-up price bars for the local market-data stand-in (market-data.ts, docs/market-data.md):
// deterministic, seeded by symbol and day, shaped like a thin OTC stock's tape (minutes without a
// trade have no bar, sub-penny prices keep their decimals) and bent through the members' fills, so
// every fill lies inside its minute's bar and its day's bar.
import type { Bar } from '../../functions/_lib/market/bars.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';

/** A member's fill on the day: its price and shares as stored; `time` null for a date-only trade. */
export interface Fill {
  time: number | null;
  price: number;
  shares: number;
}

/** Extended hours as the provider includes them: 04:00 to 20:00 New York time. */
export const FIRST_MINUTE = '04:00';
export const MINUTES = 960;
/** Regular session, in minutes after 04:00: 09:30 to 16:00. */
const OPEN = 330;
const CLOSE = 720;
/** Log-price standard deviation of one minute: a penny stock moves. */
const SIGMA = 0.004;

/** The minute bars of a day (none on a weekend), through every fill. */
export function minuteBars(symbol: string, day: string, fills: readonly Fill[]): Bar[] {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return [];
  const start = marketTime(day, FIRST_MINUTE);
  const random = seeded(`${symbol}|${day}`);
  // The symbol's price level (1/100 of a cent to $5), moved a little each day.
  const level = Math.log(10 ** (-4 + 4.7 * seeded(symbol)())) + 0.3 * normal(random);
  const walk = [level];
  for (let k = 0; k < MINUTES; k++) walk.push((walk[k] as number) + SIGMA * normal(random));

  // Fills by minute; a date-only fill gets a minute of the regular session, seeded by its price.
  // A fill outside 04:00–20:00 (an overnight session) gets a bar of its own at its minute.
  const byMinute = new Map<number, Fill[]>();
  const outside = new Map<number, Fill[]>();
  for (const fill of fills) {
    const minute =
      fill.time === null
        ? OPEN + Math.floor(seeded(`${symbol}|${day}|${fill.price}`)() * (CLOSE - OPEN))
        : Math.floor((fill.time - start) / 60_000);
    const into = minute >= 0 && minute < MINUTES ? byMinute : outside;
    into.set(minute, [...(into.get(minute) ?? []), fill]);
  }
  bridge(walk, byMinute);

  const bars: Bar[] = [];
  for (let k = 0; k < MINUTES; k++) {
    const here = byMinute.get(k) ?? [];
    const regular = k >= OPEN && k < CLOSE;
    // A thin stock: most extended-hours minutes and some regular ones see no trade, so no bar.
    const traded = random() < (regular ? 0.75 : 0.12);
    const wick = Math.abs(normal(random)) * SIGMA * 0.6;
    const size = Math.exp(0.8 * normal(random));
    if (!traded && here.length === 0) continue;
    const o = Math.exp(walk[k] as number);
    const c = Math.exp(walk[k + 1] as number);
    const prices = here.map((fill) => fill.price);
    const decimals = tickDecimals(Math.min(o, c, ...prices));
    const bar: Bar = {
      t: start + k * 60_000,
      o: round(o, decimals, Math.round),
      h: round(Math.max(o, c) * Math.exp(wick), decimals, Math.ceil),
      l: Math.max(10 ** -decimals, round(Math.min(o, c) * Math.exp(-wick), decimals, Math.floor)),
      c: round(c, decimals, Math.round),
      v: Math.max(100, Math.round((size * 2000) / Math.max(o, 0.0005) / 100) * 100),
    };
    bar.h = Math.max(bar.h, bar.o, bar.c, ...prices);
    bar.l = Math.min(bar.l, bar.o, bar.c, ...prices);
    bar.v = Math.max(bar.v, Math.ceil(here.reduce((sum, fill) => sum + fill.shares, 0)));
    bars.push(bar);
  }
  for (const [minute, here] of outside) {
    const prices = here.map((fill) => fill.price);
    const [low, high] = [Math.min(...prices), Math.max(...prices)];
    const shares = Math.ceil(here.reduce((sum, fill) => sum + fill.shares, 0));
    bars.push({ t: start + minute * 60_000, o: low, h: high, l: low, c: high, v: Math.max(100, shares) });
  }
  return bars.sort((a, b) => a.t - b.t);
}

/** The day's one bar, from its minute bars (t: the day's midnight in New York, as the provider's). */
export function dayBar(day: string, minutes: readonly Bar[]): Bar | null {
  const first = minutes[0];
  const last = minutes.at(-1);
  if (!first || !last) return null;
  return {
    t: marketTime(day, '00:00'),
    o: first.o,
    h: Math.max(...minutes.map((bar) => bar.h)),
    l: Math.min(...minutes.map((bar) => bar.l)),
    c: last.c,
    v: minutes.reduce((sum, bar) => sum + bar.v, 0),
  };
}

/**
 * Bends the walk through the fills (a Brownian bridge between them): the walk plus the straight line
 * through its misses at each fill minute, constant before the first and after the last. A minute with
 * fills at several prices is aimed at the middle of them; its bar is widened to hold them all.
 */
function bridge(walk: number[], byMinute: ReadonlyMap<number, readonly Fill[]>): void {
  const pins = [...byMinute.entries()]
    .sort(([a], [b]) => a - b)
    .map(([minute, fills]) => {
      const logs = fills.map((fill) => Math.log(fill.price));
      const target = (Math.min(...logs) + Math.max(...logs)) / 2;
      return { minute, miss: target - (walk[minute] as number) };
    });
  const first = pins[0];
  if (!first) return;
  let next = 0;
  for (let k = 0; k < walk.length; k++) {
    while (next < pins.length && (pins[next] as { minute: number }).minute < k) next++;
    const after = pins[next];
    const before = pins[next - 1];
    let miss: number;
    if (!before) miss = first.miss;
    else if (!after) miss = before.miss;
    else
      miss =
        before.miss + ((after.miss - before.miss) * (k - before.minute)) / (after.minute - before.minute);
    walk[k] = (walk[k] as number) + miss;
  }
}

/** Price increments of OTC quotes (FINRA Rule 6434): cents from $1, 1/100 cent from 10¢, else 6 places. */
export function tickDecimals(price: number): number {
  if (price >= 1) return 2;
  if (price >= 0.1) return 4;
  return 6;
}

function round(value: number, decimals: number, how: (x: number) => number): number {
  const scale = 10 ** decimals;
  // toFixed first: 0.0003 * 1e6 is 299.99999999999994, which Math.floor would take a tick down.
  return how(Number((value * scale).toFixed(6))) / scale;
}

/** mulberry32 seeded with the FNV-1a hash of the text: the same text, the same numbers. */
export function seeded(text: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
