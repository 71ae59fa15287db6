import type { AuditEntry, MemberRow } from '../../functions/_lib/contract/operator.ts';

/**
 * How the console words and dates what the operator calls answer. Dates are shown in the viewer's
 * time zone (`timeZone` is for tests); a missing value is a dash, never "Invalid Date".
 */
const NONE = '—';

const STATUS_LABELS: Record<MemberRow['status'], string> = {
  active: 'Active',
  'past due': 'Past due',
  ending: 'Ending',
  ended: 'Ended',
  free: 'Free',
};

export const statusLabel = (status: MemberRow['status']): string => STATUS_LABELS[status];

/** The badge's colour: paid and current, paid but at risk, no access, complimentary. */
export function statusTone(status: MemberRow['status']): 'good' | 'warn' | 'off' | 'free' {
  if (status === 'active') return 'good';
  if (status === 'past due' || status === 'ending') return 'warn';
  return status === 'free' ? 'free' : 'off';
}

export function formatDate(ms: number | null, timeZone?: string): string {
  if (ms === null || !Number.isFinite(ms)) return NONE;
  return new Date(ms).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone });
}

export function formatDateTime(ms: number | null, timeZone?: string): string {
  if (ms === null || !Number.isFinite(ms)) return NONE;
  return new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

export const planLabel = (plan: MemberRow['plan']): string =>
  plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : NONE;

export const autopayLabel = (autopay: boolean | null): string =>
  autopay === null ? NONE : autopay ? 'On' : 'Off';

export const orDash = (value: string | null): string => (value === null || value === '' ? NONE : value);

export const chatLabel = (chat: MemberRow['chat']): string =>
  chat ? `${chat.username} (${chat.access})` : NONE;

/** Who made an audited change: billing (the card provider or our own charges), or the operator. */
export const actorLabel = (actor: AuditEntry['actor']): string =>
  actor === 'billing' ? 'Billing' : actor === 'member' ? 'Member' : (actor.email ?? actor.sub);

/**
 * What an entry changed, field by field ("status: active → past_due"), from its records before and
 * after: a first record lists its fields as set, a removed one as removed. Values are shown as
 * JSON, timestamps-looking numbers included, so nothing is rounded or reinterpreted.
 */
export function auditChanges(before: unknown, after: unknown): string[] {
  const old = asRecord(before);
  const next = asRecord(after);
  if (!old && !next) return [];
  if (!old) return [`created: ${fieldsOf(next)}`];
  if (!next) return ['removed'];
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return keys.flatMap((key) => {
    const from = JSON.stringify(old[key]);
    const to = JSON.stringify(next[key]);
    if (from === to) return [];
    return [`${key}: ${from ?? NONE} → ${to ?? NONE}`];
  });
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function fieldsOf(record: Record<string, unknown> | null): string {
  return Object.entries(record ?? {})
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
    .join(', ');
}

/** A file name for one member's log: their email's safe characters, or the whole log's name. */
export function auditFileName(who: string | null): string {
  if (!who) return 'audit-log.csv';
  const safe = who
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `audit-log-${safe || 'member'}.csv`;
}
