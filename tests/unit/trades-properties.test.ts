/**
 * Properties of the import, checked on every broker fixture rather than one expected answer: a file
 * rewritten the ways real exports vary (rows of one time stamp reordered, the file cut in two,
 * another accepted header spelling, unknown columns, CRLF and a byte-order mark) gives the same
 * round trips as the original; and in every fixture the shares and money add up — shares bought −
 * sold = shares still open, each closed trip's gross = proceeds − cost of its own fills.
 */
import { describe, expect, it } from 'vitest';
import { normName } from '../../functions/_lib/trades/brokers/header.ts';
import { BROKER_FORMATS } from '../../functions/_lib/trades/brokers/index.ts';
import { ImportError } from '../../functions/_lib/trades/errors.ts';
import type { Execution } from '../../functions/_lib/trades/executions.ts';
import { analyzeFile, type FileAnalysis } from '../../functions/_lib/trades/import-file.ts';
import { type Decimal, toDecimal, ZERO } from '../../functions/_lib/trades/money.ts';
import {
  type MatchOptions,
  type MatchResult,
  matchRoundTrips,
} from '../../functions/_lib/trades/round-trips.ts';
import {
  addColumns,
  type ColumnPlace,
  cutPoints,
  FIXTURES,
  fixtureOptions,
  fixtureText,
  lineEndings,
  parseDoc,
  renameHeader,
  respellingName,
  respellings,
  shuffleTies,
  splitAt,
  UNKNOWN_COLUMNS,
} from '../support/broker-variants.ts';

/** What "the same round trips" compares, in an order that does not depend on file order. */
function roundTrips({
  closed_trades,
  open_positions,
}: Pick<MatchResult, 'closed_trades' | 'open_positions'>) {
  const byKey = (a: object, b: object) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  return {
    closed: closed_trades
      .map(({ symbol, account, currency, side, shares, entry, exit, gross, fees, net }) => ({
        symbol,
        account,
        currency,
        side,
        shares: String(shares),
        entry,
        exit,
        gross,
        fees,
        net,
      }))
      .sort(byKey),
    open: open_positions
      .map(({ symbol, account, currency, side, shares, avg_price }) => ({
        symbol,
        account,
        currency,
        side,
        shares: String(shares),
        avg_price,
      }))
      .sort(byKey),
  };
}

/** Quantities as exact decimals, whatever type `qty` has. */
const shares = (qty: number | string): Decimal => toDecimal(String(qty));

/** A part of a cut file read on its own; null for a part whose every row is rejected (no trade in it). */
function readPart(text: string, options: { date?: string }): FileAnalysis | null {
  try {
    return analyzeFile(text, options);
  } catch (error) {
    if (error instanceof ImportError && /no trade could be read/.test(error.message)) return null;
    throw error;
  }
}

/**
 * The answers a file gave itself (a statement's end positions settling a plain sell with nothing
 * held: FileAnalysis.settled), as the matcher asks for them: matching the file's executions again
 * with these gives the round trips the import gave.
 */
function settledAnswers(result: FileAnalysis): NonNullable<MatchOptions['sellsFromFlat']> {
  return (key) => result.settled.find((s) => s.symbol === key.symbol && s.account === key.account)?.answer;
}

/**
 * Shares bought − shares sold = shares still open, per symbol, account and currency. A close of a
 * position opened before the file sold shares the file never bought (or covered a short it never
 * sold): it counts as the shares it closed.
 */
function expectSharesAddUp(result: FileAnalysis): void {
  const keyOf = (row: { account: string; currency: string; symbol: string }) =>
    `${row.account} ${row.currency} ${row.symbol}`;
  const net = new Map<string, Decimal>();
  const add = (key: string, value: Decimal) => net.set(key, (net.get(key) ?? ZERO).plus(value));
  for (const e of result.executions) add(keyOf(e), e.side === 'buy' ? shares(e.qty) : shares(e.qty).neg());
  for (const close of result.opened_before)
    add(keyOf(close), close.side === 'long' ? shares(close.shares) : shares(close.shares).neg());
  // Fills held back for the member's answer count nowhere: the sell that raised the question (only the
  // part of it past flat) and every later fill of its symbol.
  const byFingerprint = new Map(result.executions.map((e) => [e.fingerprint, e]));
  for (const question of result.unresolved) {
    add(keyOf(question), shares(question.shares));
    for (const fingerprint of question.fills.slice(1)) {
      const e = byFingerprint.get(fingerprint);
      if (e) add(keyOf(e), e.side === 'buy' ? shares(e.qty).neg() : shares(e.qty));
    }
  }
  const open = new Map<string, string>();
  for (const p of result.open_positions)
    open.set(keyOf(p), (p.side === 'long' ? shares(p.shares) : shares(p.shares).neg()).toFixed());
  const held = new Map(
    [...net].filter(([, value]) => !value.eq(0)).map(([key, value]) => [key, value.toFixed()]),
  );
  expect(Object.fromEntries(held)).toEqual(Object.fromEntries(open));
}

/**
 * Each closed trip's gross = Σ sells − Σ buys over its own fills (for a long: proceeds of the sales −
 * cost of the buys; for a short: proceeds of the short sales − cost of the covers), worked out from
 * the executions: which fills a trip has comes from the matcher, their sizes and prices from the file.
 */
function expectGrossAddsUp(result: FileAnalysis): void {
  const byFingerprint = new Map(result.executions.map((e) => [e.fingerprint, e]));
  // With the answers the file itself gave (a statement's end positions), as the import matched it.
  const { closed_trades } = matchRoundTrips(result.executions, {
    withFills: true,
    sellsFromFlat: settledAnswers(result),
  });
  expect(closed_trades.length).toBe(result.closed_trades.length);
  const signed = (e: Execution, qty: Decimal) => (e.side === 'buy' ? qty : qty.neg());
  // Shares of a fill an earlier trip took (a fill that closes one trip and opens the next).
  const used = new Map<string, Decimal>();
  const available = (e: Execution) => shares(e.qty).minus(used.get(e.fingerprint) ?? ZERO);
  for (const trip of closed_trades) {
    const fills = (trip.fills ?? []).map((fingerprint) => {
      const execution = byFingerprint.get(fingerprint);
      if (!execution) throw new Error(`fill ${fingerprint} is not an execution of the file`);
      return execution;
    });
    expect(fills.length).toBeGreaterThan(0);
    // Every fill but the last counts whole (less what an earlier trip took); the last counts the
    // shares that bring the trip back to flat (the rest of it opened the next trip or closed an earlier one).
    let position = ZERO;
    let gross = ZERO;
    fills.forEach((e, i) => {
      const qty = i < fills.length - 1 ? available(e) : position.abs();
      expect(qty.gt(0) && qty.lte(available(e))).toBe(true);
      position = position.plus(signed(e, qty));
      gross = gross.minus(signed(e, qty).times(e.price));
      used.set(e.fingerprint, (used.get(e.fingerprint) ?? ZERO).plus(qty));
    });
    const trade = `${trip.side} ${trip.symbol} ${trip.entry}`;
    expect({ trade, flat: position.eq(0), gross: toDecimal(trip.gross).toFixed() }).toEqual({
      trade,
      flat: true,
      gross: gross.toFixed(),
    });
  }
}

describe('the added columns are unknown to every format', () => {
  it.each(UNKNOWN_COLUMNS)('%s', (name) => {
    for (const format of BROKER_FORMATS) {
      expect(format.columnNames?.has(normName(name)) ?? false).toBe(false);
    }
  });
});

describe.each(FIXTURES)('%s', (file) => {
  const text = fixtureText(file);
  const options = fixtureOptions(file);
  const whole = analyzeFile(text, options);
  const doc = parseDoc(text, whole);
  const want = roundTrips(whole);

  /** The variant is read as the same format, with the same round trips. */
  const expectSameTrips = (variant: string) => {
    const result = analyzeFile(variant, options);
    expect(result.broker).toBe(whole.broker);
    expect(roundTrips(result)).toEqual(want);
  };

  // Seeds that give the file's own order, or another seed's, add nothing: each distinct order once.
  const shuffles = new Map<string, number>();
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const variant = shuffleTies(doc, seed);
    if (variant !== text && !shuffles.has(variant)) shuffles.set(variant, seed);
  }
  if (shuffles.size > 0)
    it.each([...shuffles].map(([variant, seed]) => ({ variant, seed })))(
      'rows of one time stamp shuffled (seed $seed)',
      ({ variant }) => expectSameTrips(variant),
    );

  const cuts = cutPoints(doc).map((cut) => ({ cut, row: cut + 1, of: doc.units.length }));
  // Both parts' executions are the whole file's, so matched together they give its round trips when
  // matched with the same answers: a plain sell with nothing held is a question (unresolved) until
  // answered, and the whole file's statement may have answered it (its end positions, read from the
  // whole file: FileAnalysis.settled). Without those answers the question stays open and its fills
  // are held back, so the answers are part of the input here, as they are of the import.
  it.each(cuts)('cut before data row $row of $of: both parts matched together', ({ cut }) => {
    const executions = splitAt(doc, cut).flatMap((part) => readPart(part, options)?.executions ?? []);
    expect(roundTrips(matchRoundTrips(executions, { sellsFromFlat: settledAnswers(whole) }))).toEqual(want);
  });
  // Each part alone (the second often closing what only the first opened) still adds up.
  it.each(cuts)('cut before data row $row of $of: each part’s shares and gross add up', ({ cut }) => {
    for (const part of splitAt(doc, cut)) {
      const result = readPart(part, options);
      if (!result) continue;
      expectSharesAddUp(result);
      expectGrossAddsUp(result);
    }
  });

  const renamed = respellings(whole.broker).flatMap((how) => {
    const variant = renameHeader(doc, whole.broker, how);
    return variant === null ? [] : [{ how: respellingName(how), variant }];
  });
  it.each(renamed)('header respelled: $how', ({ variant }) => expectSameTrips(variant));
  // Joined exports spelled differently: one table's header respelled alone.
  if (doc.tables.length > 1)
    it.each(
      doc.tables.flatMap((_, table) =>
        respellings(whole.broker).flatMap((how) => {
          const variant = renameHeader(doc, whole.broker, how, table);
          return variant === null ? [] : [{ how: respellingName(how), n: table + 1, variant }];
        }),
      ),
    )('header of table $n alone respelled: $how', ({ variant }) => expectSameTrips(variant));

  const places: ColumnPlace[][] = [['start'], ['middle'], ['end'], ['start', 'middle', 'end']];
  it.each(places.map((at) => ({ at: at.join(', '), places: at })))(
    'unknown columns added ($at)',
    ({ places: at }) => expectSameTrips(addColumns(doc, at)),
  );
  // A file of joined exports whose tables differ: the columns added to one table alone.
  if (doc.tables.length > 1)
    it.each(
      doc.tables.flatMap((_, table) =>
        places.map((at) => ({ at: at.join(', '), places: at, table, n: table + 1 })),
      ),
    )('unknown columns added to table $n alone ($at)', ({ places: at, table }) =>
      expectSameTrips(addColumns(doc, at, table)),
    );

  it.each(['crlf', 'bom', 'crlf+bom'] as const)('line endings: %s', (how) =>
    expectSameTrips(lineEndings(text, how)),
  );
});

describe('in every fixture, shares bought − shares sold = shares open', () => {
  it.each(FIXTURES)('%s', (file) => expectSharesAddUp(analyzeFile(fixtureText(file), fixtureOptions(file))));
});

describe('in every fixture, each closed trip’s gross = proceeds − cost of its own fills', () => {
  it.each(FIXTURES)('%s', (file) => expectGrossAddsUp(analyzeFile(fixtureText(file), fixtureOptions(file))));
});
