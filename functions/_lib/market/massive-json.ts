/**
 * Massive's aggregates JSON → bars. Its documented shape: `{ ticker, adjusted, queryCount,
 * resultsCount, status: "OK" | "DELAYED", request_id, results?: [{ t, o, h, l, c, v, vw, n }],
 * next_url? }`; `results` is absent when the range has no trades. Only t o h l c v are kept (the
 * cache holds them for every member); a bar missing one of them is dropped, not guessed.
 */
import type { Bar } from './bars.ts';

/** Statuses of an answer with data: DELAYED is what the 15-minute-delayed plans say instead of OK. */
const DATA_STATUSES = new Set(['OK', 'DELAYED']);

export function parseAggregates(body: unknown): { bars: Bar[]; nextUrl: string | null } | null {
  if (!body || typeof body !== 'object') return null;
  const json = body as { status?: unknown; results?: unknown; next_url?: unknown };
  if (typeof json.status !== 'string' || !DATA_STATUSES.has(json.status)) return null;
  const results = Array.isArray(json.results) ? json.results : [];
  const bars: Bar[] = [];
  for (const row of results) {
    const bar = toBar(row);
    if (bar) bars.push(bar);
  }
  return { bars, nextUrl: typeof json.next_url === 'string' && json.next_url ? json.next_url : null };
}

function toBar(row: unknown): Bar | null {
  if (!row || typeof row !== 'object') return null;
  const { t, o, h, l, c, v } = row as Record<string, unknown>;
  const numbers = [t, o, h, l, c, v];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  return { t: t as number, o: o as number, h: h as number, l: l as number, c: c as number, v: v as number };
}
