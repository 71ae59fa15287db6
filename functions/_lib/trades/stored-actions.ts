/**
 * The splits and symbol changes a member keeps (journal/trades/actions): the rules a new one must
 * meet (enforced by the server, checked by the page's form as the member types), and the stored
 * ones as the matcher's CorporateActions. Plain functions: no zod, no Node imports.
 */

import type { TradeAction, TradeActionInput } from '../contract/trades.ts';
import { readRatio } from './corporate-actions.ts';
import type { CorporateAction } from './executions.ts';
import { cleanSymbol, TRADE_SYMBOL } from './rules.ts';
import { zonedTimeToEpoch } from './zoned-time.ts';

/** action_ plus 16 letters or digits: made by the page (or, for a file's actions, from their fields). */
export const ACTION_ID = /^action_[A-Za-z0-9]{16}$/;
/** Actions a member keeps, and that one call adds or deletes. */
export const MAX_ACTIONS = 500;
export const MAX_ACTIONS_PER_CALL = 100;
/** The zone a day without a time is read in: the US market's, as the page's market time. */
const MARKET_ZONE = 'America/New_York';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` between 1970 and 2100 that exists (no 2026-02-30). */
export function isActionDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 1970 && y <= 2100 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * A new action as it will be stored, or the reason it cannot be: a real date, a stock symbol, and
 * either a split (a ratio other than 1, or the shares a file says it added) or a rename to another
 * symbol. The symbols are cleaned as the trade form cleans them (`$abcd` → `ABCD`).
 */
export function checkAction(
  input: TradeActionInput,
  now: number,
): { ok: true; action: TradeAction } | { ok: false; reason: string } {
  const fail = (reason: string) => ({ ok: false as const, reason });
  const symbol = cleanSymbol(input.symbol);
  if (!TRADE_SYMBOL.test(symbol)) return fail('Please enter a stock symbol');
  if (!isActionDate(input.date)) return fail('Please enter the date it took effect, e.g. 2026-03-16');
  const base = {
    action_id: input.action_id,
    symbol,
    date: input.date,
    time: input.time ?? null,
    source: input.source ?? 'entered',
    account: input.account ?? null,
    currency: input.currency ?? null,
    updated: now,
  };
  const at =
    input.at ?? zonedTimeToEpoch(input.time ? `${input.date}T${input.time}` : input.date, MARKET_ZONE) ?? 0;
  if (input.kind === 'rename') {
    const to = cleanSymbol(input.toSymbol ?? '');
    if (!TRADE_SYMBOL.test(to)) return fail('Please enter the new symbol');
    if (to === symbol) return fail('The new symbol is the same as the old one');
    if (input.ratio !== undefined || input.sharesDelta !== undefined)
      return fail('A symbol change has no ratio');
    return {
      ok: true,
      action: { ...base, at, kind: 'rename', toSymbol: to, ratio: null, sharesDelta: null },
    };
  }
  if (input.toSymbol !== undefined) return fail('A split has no new symbol');
  const ratio = input.ratio === undefined ? null : readRatio(input.ratio);
  if (input.ratio !== undefined && (!ratio || ratio.new.eq(ratio.old)))
    return fail('Please enter the split as new shares for old, e.g. 10 for 1 or 1 for 10');
  if (input.sharesDelta !== undefined && /^-?0*(\.0*)?$/.test(input.sharesDelta))
    return fail('A split adds or removes shares');
  if (!ratio && input.sharesDelta === undefined)
    return fail('Please enter the split as new shares for old, e.g. 10 for 1 or 1 for 10');
  return {
    ok: true,
    action: {
      ...base,
      at,
      kind: 'split',
      toSymbol: null,
      ratio: input.ratio ?? null,
      sharesDelta: input.sharesDelta ?? null,
    },
  };
}

/** The member's kept actions as the matcher reads them (no account or currency: every one). */
export function storedActions(actions: readonly TradeAction[]): CorporateAction[] {
  return actions.map((action) => ({
    kind: action.kind,
    account: action.account ?? '',
    currency: action.currency ?? '',
    symbol: action.symbol,
    ...(action.toSymbol ? { toSymbol: action.toSymbol } : {}),
    ...(action.ratio ? { ratio: action.ratio } : {}),
    ...(action.sharesDelta ? { sharesDelta: action.sharesDelta } : {}),
    time: action.time ? `${action.date}T${action.time}` : action.date,
    epochMs: action.at,
    line: 0,
  }));
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The same id for the same action read from the same kind of file: importing a file again keeps
 * one copy of its split. 16 characters from four 32-bit FNV-1a hashes of its fields (not a secret:
 * the id only has to be the same each time).
 */
export function fileActionId(action: CorporateAction, source: string): string {
  const text = JSON.stringify([
    source,
    action.account,
    action.currency,
    action.symbol,
    action.kind,
    action.time,
    action.toSymbol ?? '',
    action.ratio ?? '',
    action.sharesDelta ?? '',
  ]);
  let id = 'action_';
  for (let seed = 0; seed < 4; seed++) {
    let hash = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    for (let k = 0; k < 4; k++) id += ID_CHARS[(hash >>> (k * 8)) % ID_CHARS.length];
  }
  return id;
}

/** A file's action as the import keeps it for the member (journal/trades/actions/update `add`). */
export function fileActionInput(action: CorporateAction, source: string): TradeActionInput {
  const [date = '', time] = action.time.split('T');
  return {
    action_id: fileActionId(action, source),
    kind: action.kind,
    symbol: action.symbol,
    date,
    ...(time ? { time } : {}),
    at: action.epochMs,
    ...(action.ratio ? { ratio: action.ratio } : {}),
    ...(action.sharesDelta ? { sharesDelta: action.sharesDelta } : {}),
    ...(action.toSymbol ? { toSymbol: action.toSymbol } : {}),
    ...(action.account ? { account: action.account } : {}),
    ...(action.currency ? { currency: action.currency } : {}),
    source,
  };
}
