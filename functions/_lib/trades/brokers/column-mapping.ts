/**
 * A member's own description of an export the journal does not recognise: which header names hold
 * which field. Kept by the app per header (so the next file from the same platform reads at once) and
 * accepted by `npm run trades:parse -- --map FILE.json`.
 */
export interface ColumnMapping {
  /** Date, or date and time in one cell. */
  date: string;
  /** Time of day when it has its own column; null when the date column carries it (or there is none). */
  time: string | null;
  /** How slashed dates are written: 03/04/2025 is 4 March (MDY) or 3 April (DMY). */
  dateOrder: 'MDY' | 'DMY';
  symbol: string;
  /** Buy/sell label or sentence; null when the quantity or the amount is signed. */
  side: string | null;
  quantity: string;
  /** Signed cash of the row (money out = a buy), for files whose quantities are not signed. */
  amount?: string | null;
  price: string;
  /** Every fee column, added up (a negative cell is a rebate). */
  fees: string[];
  account: string | null;
  currency: string | null;
  orderId: string | null;
  execId: string | null;
}

/** The fields a member must map, with the names the form shows. */
export const REQUIRED_FIELDS = {
  date: 'Date (or date and time)',
  symbol: 'Symbol',
  quantity: 'Quantity',
  price: 'Price',
} as const;

export const OPTIONAL_FIELDS = {
  time: 'Time (own column)',
  side: 'Side (buy/sell)',
  amount: 'Amount (signed cash)',
  account: 'Account',
  currency: 'Currency',
  orderId: 'Order id',
  execId: 'Execution id',
} as const;

/** What a remembered mapping is filed under: the header's names, case and order included. */
export function headerKey(cells: readonly string[]): string {
  return cells.map((cell) => cell.trim().toLowerCase()).join('\u001f');
}

/** Why a mapping cannot be used with this header, or null when it can. */
export function mappingProblem(mapping: ColumnMapping, cells: readonly string[]): string | null {
  const names = new Set(cells.map((cell) => cell.trim()));
  for (const [field, label] of Object.entries(REQUIRED_FIELDS)) {
    const column = mapping[field as keyof typeof REQUIRED_FIELDS];
    if (!column) return `choose the column for ${label}`;
  }
  const chosen = [
    mapping.date,
    mapping.time,
    mapping.symbol,
    mapping.side,
    mapping.amount,
    mapping.quantity,
    mapping.price,
    mapping.account,
    mapping.currency,
    mapping.orderId,
    mapping.execId,
    ...mapping.fees,
  ].filter((column): column is string => typeof column === 'string' && column !== '');
  const missing = chosen.find((column) => !names.has(column));
  if (missing) return `the file has no column "${missing}"`;
  return null;
}

const FIELD_NAMES = ['date', 'symbol', 'quantity', 'price'] as const;
const NULLABLE_NAMES = ['time', 'side', 'amount', 'account', 'currency', 'orderId', 'execId'] as const;

/** A mapping read back from storage or a JSON file, or null when it is not one. */
export function asMapping(value: unknown): ColumnMapping | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!FIELD_NAMES.every((name) => typeof v[name] === 'string')) return null;
  if (
    !NULLABLE_NAMES.every((name) => v[name] === undefined || v[name] === null || typeof v[name] === 'string')
  )
    return null;
  const fees = v.fees ?? [];
  if (!Array.isArray(fees) || !fees.every((fee) => typeof fee === 'string')) return null;
  if (v.dateOrder !== undefined && v.dateOrder !== 'MDY' && v.dateOrder !== 'DMY') return null;
  const text = (name: (typeof NULLABLE_NAMES)[number]) =>
    typeof v[name] === 'string' && v[name] !== '' ? (v[name] as string) : null;
  return {
    date: v.date as string,
    time: text('time'),
    dateOrder: v.dateOrder === 'DMY' ? 'DMY' : 'MDY',
    symbol: v.symbol as string,
    side: text('side'),
    quantity: v.quantity as string,
    amount: text('amount'),
    price: v.price as string,
    fees: fees as string[],
    account: text('account'),
    currency: text('currency'),
    orderId: text('orderId'),
    execId: text('execId'),
  };
}
