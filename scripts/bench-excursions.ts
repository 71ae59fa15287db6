import type { Bar } from '../functions/_lib/market/bars.ts';
import { measureExcursion, type TripFill } from '../functions/_lib/trades/excursions.ts';

/**
 * `npm run bench:excursions`: MAE/MFE of 10,000 round trips (functions/_lib/trades/excursions.ts),
 * all in memory, as the trade review's reports would measure a member's whole journal. Each trip is
 * handed its whole day of 1-minute bars (04:00–20:00, 960 bars, some days with gaps), as the
 * market-data port caches them; 2–6 fills (scale-ins and partial exits), held 2 minutes to 4 hours,
 * prices from 0.0001 to a few dollars at 4 decimals. Prints the time of each run; budget < 1 s.
 */
const TRIPS = Number(process.env.BENCH_TRIPS ?? 10_000);
const DAYS = 200;
const RUNS = 5;
const MINUTE = 60_000;
const BARS_PER_DAY = 960;

/** A deterministic pseudo-random sequence, so every run measures the same trips. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
const next = random(7);
const tick = (price: number) => Math.max(0.0001, Math.round(price * 10_000) / 10_000);

/** One day of bars: a random walk from `start`; one day in four has a minute missing now and then. */
function day(index: number, start: number): Bar[] {
  const bars: Bar[] = [];
  const open = Date.UTC(2026, 0, 5 + index, 9); // 04:00 New York
  const gappy = next() < 0.25;
  let price = start;
  for (let i = 0; i < BARS_PER_DAY; i++) {
    const o = price;
    price = tick(price * (1 + (next() - 0.5) * 0.02));
    const h = tick(Math.max(o, price) * (1 + next() * 0.01));
    const l = tick(Math.min(o, price) * (1 - next() * 0.01));
    if (gappy && next() < 0.1) continue;
    bars.push({ t: open + i * MINUTE, o, h, l, c: price, v: Math.round(next() * 100_000) });
  }
  return bars;
}

interface Trip {
  side: 'long' | 'short';
  fills: TripFill[];
  bars: Bar[];
  risk: string | null;
}

const STARTS = [0.0003, 0.0042, 0.012, 0.35, 2.5];
const days = Array.from({ length: DAYS }, (_, i) => day(i, STARTS[i % STARTS.length] as number));

function trip(): Trip {
  const bars = days[Math.floor(next() * DAYS)] as Bar[];
  const side = next() < 0.8 ? 'long' : 'short';
  const [open, close] = side === 'long' ? (['buy', 'sell'] as const) : (['sell', 'buy'] as const);
  const from = Math.floor(next() * (bars.length - 300));
  const length = 2 + Math.floor(next() * 240);
  const first = bars[from] as Bar;
  const count = 2 + Math.floor(next() * 5);
  const times = Array.from({ length: count }, () => first.t + Math.floor(next() * length * MINUTE)).sort(
    (a, b) => a - b,
  );
  times[0] = first.t + 5_000;
  times[count - 1] = first.t + length * MINUTE + 5_000;
  const priceAt = (at: number) => {
    const bar = bars.find((b) => b.t + MINUTE > at) ?? first;
    return (bar.l + (bar.h - bar.l) * next()).toFixed(4);
  };
  // Opens first (scale-ins), then closes (partial exits) that add up to what was opened.
  const opens = Math.max(1, Math.floor(count / 2));
  const fills: TripFill[] = [];
  let held = 0;
  times.forEach((at, i) => {
    if (i < opens) {
      const qty = 100 * (1 + Math.floor(next() * 50));
      held += qty;
      fills.push({ at, side: open, qty: String(qty), price: priceAt(at) });
    } else {
      const left = count - i;
      const qty = left === 1 ? held : Math.floor(held / left);
      held -= qty;
      fills.push({ at, side: close, qty: String(qty), price: priceAt(at) });
    }
  });
  return { side, fills, bars, risk: next() < 0.6 ? String(50 + Math.floor(next() * 200)) : null };
}

const trips = Array.from({ length: TRIPS }, trip);
const wall: number[] = [];
const cpu: number[] = [];
const states = new Map<string, number>();
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const usage = process.cpuUsage();
  for (const t of trips) {
    const answer = measureExcursion({ ...t, dateOnly: false });
    if (run === 0) states.set(answer.state, (states.get(answer.state) ?? 0) + 1);
  }
  const used = process.cpuUsage(usage);
  wall.push(performance.now() - started);
  cpu.push((used.user + used.system) / 1000);
}
const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
console.log(`${TRIPS.toLocaleString('en-US')} round trips, a day of 1-minute bars each (${DAYS} days)`);
console.log(`states: ${[...states].map(([state, n]) => `${state} ${n}`).join(', ')}`);
// CPU time is what the work costs; wall time also holds whatever else the machine was doing.
console.log(
  `wall: ${wall.map(ms).join(', ')} (first, cold: ${ms(wall[0] as number)}; median ${ms(median(wall))})`,
);
console.log(
  `cpu:  ${cpu.map(ms).join(', ')} (first, cold: ${ms(cpu[0] as number)}; median ${ms(median(cpu))})`,
);
const met = (wall[0] as number) < 1000;
console.log(`budget < 1 s (first run, wall): ${met ? 'met' : 'NOT MET'}`);
if (!met) process.exitCode = 1;
