import type { MembershipGate } from '../billing/gate.ts';
import type { NoteSummary, SymbolNotes } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { journalKeys } from './keys.ts';
import { readSummaries } from './notes.ts';
import { cleanSymbols } from './rules.ts';

/** docs/product.md §7 journal/symbols: every symbol the member's notes mention, A–Z, with their notes (two round trips). */
export async function listSymbols(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
): Promise<{ symbols: SymbolNotes[] }> {
  const { sub } = gate.caller;
  const [names] = await gate.exec<[string[]]>(gate.pipeline().smembers(journalKeys.symbols(sub)));
  if (names.length === 0) return { symbols: [] };
  const sorted = [...names].sort();
  const pipe = deps.store.pipeline();
  for (const symbol of sorted) pipe.smembers(journalKeys.symbol(sub, symbol));
  const ids = (await pipe.exec()) as string[][];
  return {
    symbols: sorted.flatMap((symbol, i) => {
      const noteIds = [...(ids[i] ?? [])].sort();
      return noteIds.length > 0 ? [{ symbol, note_ids: noteIds }] : [];
    }),
  };
}

/** docs/product.md §7 journal/symbols/notes: the notes that mention a symbol, newest saved first (two round trips). */
export async function symbolNotes(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  symbol: string,
): Promise<{ notes: NoteSummary[] }> {
  const [clean] = cleanSymbols([symbol.replace(/^\$/, '')]);
  if (!clean) throw badRequest('symbol: use a stock symbol (3–7 letters, dots, hyphens or carets)');
  const { sub } = gate.caller;
  const [ids] = await gate.exec<[string[]]>(gate.pipeline().smembers(journalKeys.symbol(sub, clean)));
  return { notes: await readSummaries(deps.store, sub, ids) };
}
