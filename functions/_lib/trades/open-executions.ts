import { type Execution, sortExecutions } from './executions.ts';
import { type Decimal, toDecimal, ZERO } from './money.ts';
import type { FlatSellAnswer, PositionKey } from './round-trips.ts';

/**
 * Fingerprints of the executions that make up positions still open, by the round-trip rule of
 * round-trips.ts (per symbol, account and currency, flat back to flat; a fill that goes through flat
 * opens the other way and belongs to the new position, unless it is the close of an earlier position).
 * A plain sell with nothing held waits for the member's answer (`sellsFromFlat`): unanswered, it and
 * the later fills of its symbol are neither open nor closed. Quantities only: no money is needed.
 */
export function openExecutions(
  executions: readonly Execution[],
  sellsFromFlat?: (key: PositionKey) => FlatSellAnswer | undefined,
): Set<string> {
  const books = new Map<string, { position: Decimal; members: string[]; pending: boolean }>();
  for (const execution of sortExecutions(executions)) {
    const id = `${execution.account}\u0000${execution.currency}\u0000${execution.symbol}`;
    let book = books.get(id);
    if (!book) {
      book = { position: ZERO, members: [], pending: false };
      books.set(id, book);
    }
    if (book.pending) continue;
    const before = book.position;
    const qty = toDecimal(execution.qty);
    let after = execution.side === 'buy' ? before.plus(qty) : before.minus(qty);
    const throughFlat = before.eq(0) || after.s !== before.s || after.eq(0);
    if (throughFlat && !after.eq(0)) {
      const plainSell = execution.side === 'sell' && execution.intent === null;
      const answer = plainSell ? sellsFromFlat?.(execution) : undefined;
      if (plainSell && answer === undefined) {
        book.pending = true;
        book.members = [];
        continue;
      }
      // The part past flat closed a position from before the file: nothing is open after it.
      if (execution.intent === 'close' || answer === 'held') after = ZERO;
    }
    if (!after.eq(0) && (before.eq(0) || after.s !== before.s)) book.members = [execution.fingerprint];
    else if (after.eq(0)) book.members = [];
    else book.members.push(execution.fingerprint);
    book.position = after;
  }
  const open = new Set<string>();
  for (const book of books.values()) for (const member of book.members) open.add(member);
  return open;
}
