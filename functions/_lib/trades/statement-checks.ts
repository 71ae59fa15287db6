import type { StatedFigures, Warning } from './executions.ts';
import { type Decimal, toDecimal, ZERO } from './money.ts';
import type { MatchResult } from './round-trips.ts';

/**
 * The file's own figures against what the import read from its fills: a statement's realised P&L
 * per symbol (thinkorswim `P/L Day`, IBKR `Realized Total`, a Schwab `Total` row) and its positions
 * at its end (thinkorswim *Equities*, IBKR *Open Positions*). A difference is said, never smoothed
 * over: it is how a wrong reading shows (a short sale the file does not mark read as a sale of
 * shares held before it, a row not read), or a fact the fills alone cannot know (shares held
 * before the file). Pure: the import calls it with the parser's `stated` and the matcher's result.
 */

export interface StatementCheck {
  /** '' for a figure over every symbol of the file (a Schwab `Total` row). */
  symbol: string;
  account: string;
  currency: string;
  what: 'realized' | 'position';
  /** Exact decimal: the file's figure (money, or signed shares: negative = short). */
  stated: string;
  /** Exact decimal: the same figure as the fills add up (money, or signed shares). */
  read: string;
  /** The figure's line in the file; 0 for a symbol the file's complete position list leaves out. */
  line: number;
  /** The file's name for the figure (`P/L Day`, `Realized Total`), or `shares at the end`. */
  label: string;
  /** True when the realised figure is after fees (then `read` is the trades' net, else their gross). */
  net?: boolean;
  ok: boolean;
  /**
   * Signed shares the reading took as closing a position held before the file (+ sold from a long,
   * − covered from a short): the fills count nothing for them, the statement does, so a difference
   * may be that — or sales the file does not mark as short.
   */
  heldBefore?: string;
}

/** Statements print cents: a realised difference up to one cent is rounding, not a mismatch. */
const CENT = toDecimal('0.01');

interface Scope {
  symbol: string;
  account: string;
  currency: string;
}

/** A stated field left empty ('' account, currency or symbol) matches every value. */
function inScope(item: Scope, scope: Scope): boolean {
  return (
    (scope.symbol === '' || item.symbol === scope.symbol) &&
    (scope.account === '' || item.account === scope.account) &&
    (scope.currency === '' || item.currency === scope.currency)
  );
}

/** Whether the reading has any fill of this scope: a closed trade, an open position or an earlier close. */
function traded(match: MatchResult, scope: Scope): boolean {
  return (
    match.closed_trades.some((trade) => inScope(trade, scope)) ||
    match.open_positions.some((position) => inScope(position, scope)) ||
    match.opened_before.some((close) => inScope(close, scope))
  );
}

/** Σ net (or gross) of the closed trades of the scope. */
function realizedRead(match: MatchResult, scope: Scope, net: boolean): Decimal {
  let sum = ZERO;
  for (const trade of match.closed_trades) {
    if (inScope(trade, scope)) sum = sum.plus(net ? trade.net : trade.gross);
  }
  return sum;
}

/** Signed shares the reading leaves open in the scope (long +, short −). */
function positionRead(match: MatchResult, scope: Scope): Decimal {
  let sum = ZERO;
  for (const position of match.open_positions) {
    if (!inScope(position, scope)) continue;
    const shares = toDecimal(position.shares);
    sum = position.side === 'long' ? sum.plus(shares) : sum.minus(shares);
  }
  return sum;
}

/** Signed shares of the scope's closes of positions opened before the file. */
function heldBefore(match: MatchResult, scope: Scope): Decimal {
  let sum = ZERO;
  for (const close of match.opened_before) {
    if (!inScope(close, scope)) continue;
    const shares = toDecimal(close.shares);
    sum = close.side === 'long' ? sum.plus(shares) : sum.minus(shares);
  }
  return sum;
}

const NOTHING: MatchResult = { closed_trades: [], open_positions: [], opened_before: [], unresolved: [] };

/**
 * The reading cut by symbol once, so a figure looks at its own symbol's trades only (a file of
 * thousands of symbols and trades); '' gives the whole reading (a file-wide total).
 */
function bySymbol(match: MatchResult): (symbol: string) => MatchResult {
  const index = new Map<string, MatchResult>();
  const part = (symbol: string) => {
    let found = index.get(symbol);
    if (!found) {
      found = { closed_trades: [], open_positions: [], opened_before: [], unresolved: [] };
      index.set(symbol, found);
    }
    return found;
  };
  for (const trade of match.closed_trades) part(trade.symbol).closed_trades.push(trade);
  for (const position of match.open_positions) part(position.symbol).open_positions.push(position);
  for (const close of match.opened_before) part(close.symbol).opened_before.push(close);
  return (symbol) => (symbol === '' ? match : (index.get(symbol) ?? NOTHING));
}

/** Money as statements print it: at least two decimals, every decimal the value has. */
function cents(value: Decimal): string {
  const places = Math.max(0, value.c.length - value.e - 1);
  return places > 2 ? value.toFixed() : value.toFixed(2);
}

const withHeldBefore = (held: Decimal) => (held.eq(0) ? {} : { heldBefore: held.toFixed() });

/**
 * Every stated figure the reading can be held to, with the reading's own figure and whether they
 * agree. A stated position of a symbol the file has no fill of (a holding it does not trade) is
 * passed over: there is nothing read to hold it to. With `positionsComplete`, each symbol the fills
 * touch that the file's list leaves out was flat at the end: checked against 0.
 * Ordered by symbol (a file-wide total first), realised figures before positions.
 */
export function statementChecks(stated: StatedFigures | undefined, match: MatchResult): StatementCheck[] {
  if (!stated) return [];
  const ofSymbol = bySymbol(match);
  const checks: StatementCheck[] = [];
  for (const figure of stated.realized ?? []) {
    const scope = { symbol: figure.symbol, account: figure.account, currency: figure.currency };
    const reading = ofSymbol(scope.symbol);
    const amount = toDecimal(figure.amount);
    if (amount.eq(0) && !traded(reading, scope)) continue;
    const read = realizedRead(reading, scope, figure.net);
    checks.push({
      ...scope,
      what: 'realized',
      stated: cents(amount),
      read: cents(read),
      line: figure.line,
      label: figure.label,
      net: figure.net,
      ok: amount.minus(read).abs().lte(CENT),
      ...withHeldBefore(heldBefore(reading, scope)),
    });
  }
  const positions = stated.positions ?? [];
  for (const position of positions) {
    const scope = { symbol: position.symbol, account: position.account, currency: position.currency };
    const reading = ofSymbol(scope.symbol);
    if (!traded(reading, scope)) continue;
    checks.push(positionCheck(scope, toDecimal(position.shares), reading, position.line));
  }
  if (stated.positionsComplete) {
    const listed = new Map<string, Scope[]>();
    for (const position of positions)
      listed.set(position.symbol, [...(listed.get(position.symbol) ?? []), position]);
    for (const scope of readScopes(match)) {
      if (listed.get(scope.symbol)?.some((position) => inScope(scope, position))) continue;
      checks.push(positionCheck(scope, ZERO, ofSymbol(scope.symbol), 0));
    }
  }
  return checks.sort(
    (a, b) =>
      order(a.symbol, b.symbol) ||
      order(a.account, b.account) ||
      order(a.currency, b.currency) ||
      (a.what === b.what ? 0 : a.what === 'realized' ? -1 : 1) ||
      a.line - b.line,
  );
}

/** Plain code-unit order: symbols are ASCII, and a locale-aware compare is slow over thousands. */
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function positionCheck(scope: Scope, stated: Decimal, match: MatchResult, line: number): StatementCheck {
  const read = positionRead(match, scope);
  return {
    ...scope,
    what: 'position',
    stated: stated.toFixed(),
    read: read.toFixed(),
    line,
    label: 'shares at the end',
    ok: stated.eq(read),
    ...withHeldBefore(heldBefore(match, scope)),
  };
}

/** Each symbol, account and currency the reading has a fill of, once. */
function readScopes(match: MatchResult): Scope[] {
  const scopes = new Map<string, Scope>();
  for (const { symbol, account, currency } of [
    ...match.closed_trades,
    ...match.open_positions,
    ...match.opened_before,
  ]) {
    scopes.set(`${account}\u0000${currency}\u0000${symbol}`, { symbol, account, currency });
  }
  return [...scopes.values()];
}

/** `1500` → `1,500`; the sign and decimals kept. */
export function groupedNumber(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Signed shares in words: `500 long`, `200 short`, `flat`. */
export function sharesHeld(signed: string): string {
  if (toDecimal(signed).eq(0)) return 'flat';
  return signed.startsWith('-') ? `${groupedNumber(signed.slice(1))} short` : `${groupedNumber(signed)} long`;
}

/** What the earlier closes were: `500 shares sold were read as closing a position held before the file`. */
export function heldBeforeNote(held: string): string {
  return held.startsWith('-')
    ? `${groupedNumber(held.slice(1))} shares bought were read as covering a short held before the file`
    : `${groupedNumber(held)} shares sold were read as closing a position held before the file`;
}

/**
 * One line for a check, the symbol first: `NVDA: the statement's P/L Day is 99.00, the fills add up
 * to -431.00 before fees`, `NVDA: the statement holds 0 shares at its end, the fills leave 500 long`.
 */
export function checkMessage(check: StatementCheck): string {
  const who = check.symbol === '' ? 'All symbols' : check.symbol;
  const held = check.heldBefore ? `; ${heldBeforeNote(check.heldBefore)}` : '';
  if (check.what === 'realized') {
    const total = check.symbol === '' ? ' total' : '';
    const fees = check.net === false ? ' before fees' : '';
    return `${who}: the statement's ${check.label}${total} is ${groupedNumber(check.stated)}, the fills add up to ${groupedNumber(check.read)}${fees}${held}`;
  }
  const holds = check.stated.startsWith('-')
    ? `holds ${groupedNumber(check.stated.slice(1))} shares short at its end`
    : `holds ${groupedNumber(check.stated)} shares at its end`;
  const left = toDecimal(check.read).eq(0) ? 'it flat' : sharesHeld(check.read);
  return `${who}: the statement ${holds}, the fills leave ${left}${held}`;
}

/** The failing checks as warnings (line and message), for the import's list of what to know. */
export function checkWarnings(checks: readonly StatementCheck[]): Warning[] {
  return checks
    .filter((check) => !check.ok)
    .map((check) => ({ line: check.line, message: checkMessage(check) }));
}
