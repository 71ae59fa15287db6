import { closesOnly, type Execution, sortExecutions } from './executions.ts';

/**
 * Fingerprints of the executions that make up positions still open, by the round-trip rule of
 * round-trips.ts (per symbol, account and currency, flat back to flat; a fill that goes through flat
 * opens the other way and belongs to the new position, unless it only closes: `closesOnly`).
 * Everything else is part of a closed trip or closed a position from before the file.
 * Quantities only: no money is needed to say whether a position is open.
 */
export function openExecutions(executions: readonly Execution[]): Set<string> {
  const books = new Map<string, { position: number; members: string[] }>();
  for (const execution of sortExecutions(executions)) {
    const id = `${execution.account}\u0000${execution.currency}\u0000${execution.symbol}`;
    let book = books.get(id);
    if (!book) {
      book = { position: 0, members: [] };
      books.set(id, book);
    }
    const before = book.position;
    let after = before + (execution.side === 'buy' ? execution.qty : -execution.qty);
    // A fill that only closes opens nothing past flat: the rest closed a position from before the file.
    if (closesOnly(execution) && (before === 0 || Math.sign(after) === -Math.sign(before))) after = 0;
    if (after !== 0 && (before === 0 || Math.sign(after) === -Math.sign(before)))
      book.members = [execution.fingerprint];
    else if (after === 0) book.members = [];
    else book.members.push(execution.fingerprint);
    book.position = after;
  }
  const open = new Set<string>();
  for (const book of books.values()) for (const member of book.members) open.add(member);
  return open;
}
