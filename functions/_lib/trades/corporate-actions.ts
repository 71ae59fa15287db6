/**
 * Splits and symbol changes (docs/trades.md, "Splits and symbol changes"): when one falls between
 * the fills, what a split makes of the shares held, and the ratio a member types. The matcher
 * (round-trips.ts) applies them to the open lots; these are the rules it asks.
 */

import type { CorporateAction, Execution } from './executions.ts';
import { type Decimal, plain, toDecimal } from './money.ts';

/** A split's ratio as new shares for old shares, both exact: `10/1` for 10-for-1, `1/10` for 1-for-10. */
export interface SplitRatio {
  new: Decimal;
  old: Decimal;
}

const DECIMAL = /^\d{1,12}(?:\.\d{1,10})?$/;

/**
 * A ratio as a CorporateAction carries it: an exact decimal (`10`, `0.1`, `1.5`) or a fraction of
 * new over old shares (`1/6`: a 1-for-6 reverse split, which no decimal holds exactly). Null when it
 * is neither, or not above zero.
 */
export function readRatio(text: string): SplitRatio | null {
  const [top = '', bottom, extra] = text.trim().split('/');
  if (extra !== undefined || !DECIMAL.test(top) || (bottom !== undefined && !DECIMAL.test(bottom)))
    return null;
  const ratio = { new: toDecimal(top), old: toDecimal(bottom ?? '1') };
  return ratio.new.gt(0) && ratio.old.gt(0) ? ratio : null;
}

/** `10 for 1`, `1 for 10`: how people say a split. */
export const ratioWords = (ratio: SplitRatio): string => `${plain(ratio.new)} for ${plain(ratio.old)}`;

/**
 * What a member types for a split, `10 for 1`, `1-for-10`, `10:1` or `3 for 2`, as the fraction the
 * journal stores (`10/1`); null when it is not one, or the same on both sides (no split).
 */
export function parseRatioInput(input: string): string | null {
  const match =
    /^\s*(\d{1,6}(?:[.,]\d{1,4})?)\s*(?:-?\s*for\s*-?|:|\/)\s*(\d{1,6}(?:[.,]\d{1,4})?)\s*$/i.exec(input);
  if (!match) return null;
  const text = `${(match[1] ?? '').replace(',', '.')}/${(match[2] ?? '').replace(',', '.')}`;
  const ratio = readRatio(text);
  return ratio && !ratio.new.eq(ratio.old) ? `${plain(ratio.new)}/${plain(ratio.old)}` : null;
}

/** Less than a share apart: the broker's own count after a split, rounded down and paid out in cash. */
const CASH_IN_LIEU = toDecimal(1);

/**
 * The shares a split leaves of `position` (signed: negative when short), positive; null when the
 * action cannot apply to it (the shares it removes are more than held, a ratio that is not one).
 * `sharesDelta` is read against the position it met, so the file's count wins when it fits: with a
 * stated ratio too (IBKR), the count is taken when it is within a share of position × ratio (the
 * fraction paid as cash in lieu), and the ratio otherwise (a history that does not hold what the
 * broker held).
 */
export function splitShares(position: Decimal, action: CorporateAction): Decimal | null {
  const held = position.abs();
  const ratio = action.ratio === undefined ? null : readRatio(action.ratio);
  if (action.ratio !== undefined && !ratio) return null;
  const byRatio = ratio ? held.times(ratio.new).div(ratio.old) : null;
  let byDelta: Decimal | null = null;
  if (action.sharesDelta !== undefined) {
    const after = position.plus(action.sharesDelta);
    byDelta = after.eq(0) || after.s !== position.s ? null : after.abs();
  }
  if (byDelta && byRatio) return byDelta.minus(byRatio).abs().lt(CASH_IN_LIEU) ? byDelta : byRatio;
  return byDelta ?? byRatio;
}

const timed = (time: string) => time.length > 10;

/**
 * Whether an action applies before a fill. Both with a time of day: by the instant. A date-only
 * action (Schwab, Robinhood, one the member entered) applies before its day's fills: the split is in
 * force from that day's open. A timed action (IBKR books splits at 20:25, after the close) applies
 * after a date-only fill of its own day, which traded during the day.
 */
export function actionFirst(action: Pick<CorporateAction, 'time' | 'epochMs'>, fill: Execution): boolean {
  if (timed(action.time) && timed(fill.time)) return action.epochMs <= fill.epochMs;
  const day = action.time.slice(0, 10);
  const fillDay = fill.time.slice(0, 10);
  return timed(action.time) ? day < fillDay : day <= fillDay;
}

/** Actions in time order (file order on ties), the order they are applied in. */
export function sortActions(actions: readonly CorporateAction[]): CorporateAction[] {
  return actions
    .map((action, index) => ({ action, index }))
    .sort((a, b) => a.action.epochMs - b.action.epochMs || a.index - b.index)
    .map(({ action }) => action);
}

/**
 * Whether an action is about this position: its symbol, and its account and currency unless it
 * leaves them empty (one the member entered applies in every account).
 */
export function actionAppliesTo(
  action: Pick<CorporateAction, 'symbol' | 'account' | 'currency'>,
  key: { symbol: string; account: string; currency: string },
): boolean {
  return (
    action.symbol === key.symbol &&
    (action.account === '' || action.account === key.account) &&
    (action.currency === '' || action.currency === key.currency)
  );
}
