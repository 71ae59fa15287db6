import { describe, expect, it } from 'vitest';
import type { TradeAction } from '../../functions/_lib/contract/index.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { checkAction, fileActionId, storedActions } from '../../functions/_lib/trades/stored-actions.ts';
import {
  actionInput,
  describeAction,
  describeOutcomes,
  EMPTY_ACTION,
} from '../../member-app/trades/action-form.ts';
import { fill } from '../support/trades.ts';

// The /trades form for a split or symbol change a file did not report, and what the list says of it.

const ID = 'action_AAAAAAAAAAAAAAAA';

describe('the form', () => {
  it('sends a split as the fraction of new over old shares, the symbol as typed (the server cleans it)', () => {
    expect(
      actionInput({ ...EMPTY_ACTION, symbol: '$avgo', date: '2024-07-15', ratio: '10 for 1' }, ID),
    ).toEqual({
      ok: true,
      input: { action_id: ID, kind: 'split', symbol: '$avgo', date: '2024-07-15', ratio: '10/1' },
    });
    expect(
      actionInput(
        { ...EMPTY_ACTION, kind: 'rename', symbol: 'BSRC', date: '2021-04-30', toSymbol: 'NEWH' },
        ID,
      ),
    ).toEqual({
      ok: true,
      input: { action_id: ID, kind: 'rename', symbol: 'BSRC', date: '2021-04-30', toSymbol: 'NEWH' },
    });
  });

  it.each([
    [{ symbol: '', date: '2024-07-15', ratio: '10 for 1' }, 'symbol', 'Please enter a stock symbol'],
    [
      { symbol: 'AVGO', date: '', ratio: '' },
      'date',
      'Please enter the date it took effect, e.g. 2026-03-16',
    ],
    [{ symbol: 'AVGO', date: '2024-07-15', ratio: 'ten' }, 'ratio', /new shares for old/],
    [{ symbol: 'AVGO', date: '2024-07-15', ratio: '1 for 1' }, 'ratio', /new shares for old/],
    [
      { kind: 'rename' as const, symbol: 'BSRC', date: '2021-04-30', toSymbol: '' },
      'toSymbol',
      'Please enter the new symbol',
    ],
    [
      { kind: 'rename' as const, symbol: 'BSRC', date: '2021-04-30', toSymbol: 'bsrc' },
      'toSymbol',
      /same as the old/,
    ],
  ])('marks the field at fault: %j', (values, field, message) => {
    const answer = actionInput({ ...EMPTY_ACTION, ...values }, ID);
    expect(answer).toEqual({ ok: false, field, message: expect.stringMatching(message) });
  });
});

const kept = (over: Partial<TradeAction>): TradeAction => {
  const checked = checkAction(
    { action_id: ID, kind: 'split', symbol: 'AVGO', date: '2024-07-15', ratio: '10/1' },
    1,
  );
  if (!checked.ok) throw new Error(checked.reason);
  return { ...checked.action, ...over };
};

describe('the list', () => {
  it('says what each action is', () => {
    expect(describeAction(kept({}))).toBe('AVGO 10 for 1 split, 2024-07-15');
    expect(describeAction(kept({ ratio: '1/10' }))).toBe('AVGO 1 for 10 split, 2024-07-15');
    expect(describeAction(kept({ ratio: null, sharesDelta: '-9688' }))).toBe(
      'AVGO split (-9,688 shares), 2024-07-15',
    );
    expect(describeAction(kept({ kind: 'rename', ratio: null, toSymbol: 'NEWH', symbol: 'BSRC' }))).toBe(
      'BSRC → NEWH, 2024-07-15',
    );
  });

  it('says what each did to the positions it met, as the matcher reports it', () => {
    const buy = fill({ time: '2024-06-13', symbol: 'AVGO', side: 'buy', qty: '2', price: '1680' });
    const split = kept({});
    const { actions: applied } = matchRoundTrips([buy], { actions: storedActions([split]) });
    expect(describeOutcomes(applied)).toBe('2 → 20 shares');
    const { actions: none } = matchRoundTrips([], { actions: storedActions([split]) });
    expect(describeOutcomes(none)).toBe('nothing held then');
    const rename = kept({ kind: 'rename', ratio: null, toSymbol: 'AVGX' });
    const { actions: moved } = matchRoundTrips([buy], { actions: storedActions([rename]) });
    expect(describeOutcomes(moved)).toBe('2 shares moved to AVGX');
    expect(describeOutcomes(undefined)).toBe('not applied yet');
  });
});

describe('a kept action', () => {
  it('applies before the fills of its day, in every account when the member entered it', () => {
    const [action] = storedActions([kept({})]);
    expect(action).toEqual(
      expect.objectContaining({ time: '2024-07-15', account: '', currency: '', ratio: '10/1' }),
    );
  });

  it('from a file keeps one id however often the file is imported', () => {
    const [action] = storedActions([kept({ ratio: null, sharesDelta: '9', source: 'schwab' })]);
    if (!action) throw new Error('no action');
    expect(fileActionId(action, 'schwab')).toMatch(/^action_[A-Za-z0-9]{16}$/);
    expect(fileActionId(action, 'schwab')).toBe(fileActionId({ ...action }, 'schwab'));
    expect(fileActionId(action, 'schwab')).not.toBe(fileActionId({ ...action, sharesDelta: '8' }, 'schwab'));
  });
});
