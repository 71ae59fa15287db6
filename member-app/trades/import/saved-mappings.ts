import {
  asMapping,
  type ColumnMapping,
  headerKey,
} from '../../../functions/_lib/trades/brokers/column-mapping.ts';
import { sessionIdentity } from '../../auth/session.ts';

/**
 * Column mappings a member made for exports the journal does not recognise, kept in this browser per
 * member and filed under the file's header, so the next export from the same platform is read at once.
 */

/** Enough for every platform a member uses; the oldest goes first. */
const KEEP = 20;

const key = () => `trade-import-mappings:${sessionIdentity() ?? 'visitor'}`;

type Stored = Record<string, { mapping: ColumnMapping; at: number }>;

function readAll(): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(key()) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Stored) : {};
  } catch {
    return {}; // unreadable or storage disabled: nothing remembered
  }
}

/** The mapping remembered for this header, or null. */
export function savedMapping(header: readonly string[]): ColumnMapping | null {
  const entry = readAll()[headerKey(header)];
  return entry ? asMapping(entry.mapping) : null;
}

export function rememberMapping(header: readonly string[], mapping: ColumnMapping, now = Date.now()): void {
  const all = readAll();
  all[headerKey(header)] = { mapping, at: now };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, KEEP);
  try {
    localStorage.setItem(key(), JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or disabled: the member maps the columns again next time.
  }
}
