import type { TradeAction, TradeActionInput } from '../../functions/_lib/contract/index.ts';
import { parseRatioInput, ratioWords, readRatio } from '../../functions/_lib/trades/corporate-actions.ts';
import { groupDigits } from '../../functions/_lib/trades/money.ts';
import type { ActionOutcome } from '../../functions/_lib/trades/round-trips.ts';
import { checkAction } from '../../functions/_lib/trades/stored-actions.ts';

/**
 * The "Add a split or symbol change" form's rules and the words the list says: plain functions, so
 * they are tested without a browser. The server checks the same rules again (stored-actions.ts).
 */

export interface ActionFormValues {
  kind: 'split' | 'rename';
  symbol: string;
  /** `YYYY-MM-DD`, the day it took effect (a date input's value). */
  date: string;
  /** `10 for 1`, `1 for 10`… */
  ratio: string;
  toSymbol: string;
}

export type ActionField = 'symbol' | 'date' | 'ratio' | 'toSymbol';

export const EMPTY_ACTION: ActionFormValues = {
  kind: 'split',
  symbol: '',
  date: '',
  ratio: '',
  toSymbol: '',
};

const RATIO_MESSAGE = 'Please enter the split as new shares for old, e.g. 10 for 1 or 1 for 10';

/** What the form sends, or the field at fault and why (the first one, in the form's order). */
export function actionInput(
  values: ActionFormValues,
  actionId: string,
): { ok: true; input: TradeActionInput } | { ok: false; field: ActionField; message: string } {
  const base = { action_id: actionId, symbol: values.symbol, date: values.date };
  let input: TradeActionInput;
  if (values.kind === 'split') {
    const ratio = parseRatioInput(values.ratio);
    if (!ratio) {
      const symbolOrDate = checkAction({ ...base, kind: 'split', ratio: '2/1' }, 0);
      if (!symbolOrDate.ok)
        return { ok: false, field: fieldOf(symbolOrDate.reason), message: symbolOrDate.reason };
      return { ok: false, field: 'ratio', message: RATIO_MESSAGE };
    }
    input = { ...base, kind: 'split', ratio };
  } else input = { ...base, kind: 'rename', toSymbol: values.toSymbol };
  const checked = checkAction(input, 0);
  return checked.ok
    ? { ok: true, input }
    : { ok: false, field: fieldOf(checked.reason), message: checked.reason };
}

function fieldOf(reason: string): ActionField {
  if (/date/i.test(reason)) return 'date';
  if (/new symbol|same as the old/i.test(reason)) return 'toSymbol';
  if (/symbol/i.test(reason)) return 'symbol';
  return 'ratio';
}

/** `AVGO 10 for 1 split, 2024-07-15` · `BSRC → NEWH, 2021-04-30`. */
export function describeAction(action: TradeAction): string {
  if (action.kind === 'rename') return `${action.symbol} → ${action.toSymbol ?? ''}, ${action.date}`;
  const ratio = action.ratio ? readRatio(action.ratio) : null;
  const what = ratio
    ? `${ratioWords(ratio)} split`
    : `split (${action.sharesDelta?.startsWith('-') ? '' : '+'}${groupDigits(action.sharesDelta ?? '')} shares)`;
  return `${action.symbol} ${what}, ${action.date}`;
}

/** What it did to the positions it met, in a few words (`2 → 20 shares`, `nothing held then`). */
export function describeOutcomes(outcomes: readonly ActionOutcome[] | undefined): string {
  if (!outcomes || outcomes.length === 0) return 'not applied yet';
  return outcomes
    .map((o) => {
      const where = outcomes.length > 1 && o.account ? `${o.account}: ` : '';
      if (o.outcome === 'applied')
        return o.action.kind === 'rename'
          ? `${where}${groupDigits(o.before ?? '')} shares moved to ${o.action.toSymbol ?? ''}`
          : `${where}${groupDigits(o.before ?? '')} → ${groupDigits(o.after ?? '')} shares`;
      if (o.outcome === 'nothing held') return `${where}nothing held then`;
      if (o.outcome === 'waiting') return `${where}waits for your answer about a sale of ${o.symbol}`;
      return `${where}not applied: ${o.reason ?? ''}`;
    })
    .join('; ');
}
