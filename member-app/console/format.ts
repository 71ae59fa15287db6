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

/**
 * Who made an audited change: billing (the card provider or our own billing clock), the member, or
 * the operator by their email. An account's deletion names the member as `{ sub: 'member' }`.
 */
export const actorLabel = (actor: AuditEntry['actor']): string =>
  actor === 'billing'
    ? 'Billing'
    : actor === 'member' || (actor.sub === 'member' && !actor.email)
      ? 'Member'
      : (actor.email ?? actor.sub);

/** A file name for one member's log: their email's safe characters, or the whole log's name. */
export function auditFileName(who: string | null): string {
  if (!who) return 'audit-log.csv';
  const safe = who
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `audit-log-${safe || 'member'}.csv`;
}
