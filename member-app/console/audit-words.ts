import type { AuditEntry, LedgerEntry } from '../../functions/_lib/contract/operator.ts';
import { dollars } from './figures-format.ts';
import { formatDate, formatDateTime } from './format.ts';

/**
 * The audit log in the operator's words (docs/operator.md "The console"): what an entry did, as a
 * title ("Gave 14 free days", "Renewed: $64.99 charged"), and what it changed, field by field, with
 * labels and values a person reads (plans, statuses, dates in the viewer's time zone, money). The
 * CSV export keeps the raw records; this is only how the console shows them. Entries are read
 * defensively: a field missing or of the wrong type is a dash, never "undefined" or NaN.
 */
export type AuditChange = { label: string; from: string; to: string };
export type AuditWords = { title: string; changes: AuditChange[] };
type Money = Pick<LedgerEntry, 'amount' | 'currency'>;
export type AuditWordsOptions = {
  /** The viewer's time zone when absent; tests pass one. */
  timeZone?: string | undefined;
  /** The charge a refund gives back, by its id, when the log read has it. */
  chargeOf?: ((id: string) => Money | undefined) | undefined;
};
type Described = Pick<AuditEntry, 'action' | 'before' | 'after'> & {
  charge?: LedgerEntry | null | undefined;
};
type Rec = Record<string, unknown>;

const NONE = '—';
const DAY_MS = 86_400_000;

const record = (value: unknown): Rec | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Rec) : null;
const num = (r: Rec | null, key: string): number | null => {
  const value = r?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
const text = (r: Rec | null, key: string): string | null => {
  const value = r?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Dollars as the Money tab writes them; another currency (none is sold today) keeps its code. */
export const money = ({ amount, currency }: Money): string =>
  currency && currency.toLowerCase() !== 'usd' ? `${amount} ${currency.toUpperCase()}` : dollars(amount);

const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

// What the provider's statuses mean to an operator: trialing is Stripe's word for free days given.
const STATUS: Rec = {
  active: 'Active',
  trialing: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Ended',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Never paid',
  paused: 'Paused',
};
const RUNNING = new Set(['active', 'trialing']);
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

type Field = {
  label: string;
  show: (value: unknown, owner: Rec, timeZone: string | undefined) => string;
  /** Shown as a day; with the time when only the time changed. */
  day?: true;
};

const shown = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? NONE
    : typeof value === 'string'
      ? value
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : typeof value === 'number'
          ? String(value)
          : JSON.stringify(value);
const moment = (value: unknown, _: Rec, timeZone: string | undefined): string =>
  typeof value === 'number' ? formatDateTime(value, timeZone) : shown(value);
const day = (value: unknown, _: Rec, timeZone: string | undefined): string =>
  typeof value === 'number' ? formatDate(value, timeZone) : shown(value);
const amount = (value: unknown): string => (typeof value === 'string' ? dollars(value) : shown(value));

/** The records' fields in the order shown: the membership's, then a chat record's, then an email's. */
const FIELDS: Record<string, Field> = {
  plan: { label: 'Plan', show: (v) => (typeof v === 'string' ? capital(v) : shown(v)) },
  status: { label: 'Status', show: (v) => (typeof v === 'string' ? shown(STATUS[v] ?? v) : shown(v)) },
  currentPeriodEnd: { label: 'Period end', show: day, day: true },
  // Stored the other way round: "cancel at the period end" is autopay off.
  cancelAtPeriodEnd: { label: 'Autopay', show: (v) => (v === true ? 'Off' : v === false ? 'On' : NONE) },
  price: {
    label: 'Price',
    show: (v, owner) =>
      typeof v !== 'string'
        ? shown(v)
        : owner.plan === 'yearly'
          ? `${dollars(v)} a year`
          : owner.plan === 'monthly'
            ? `${dollars(v)} a month`
            : dollars(v),
  },
  pastDueSince: { label: 'Past due since', show: moment },
  nextRetryAt: { label: 'Next retry', show: moment },
  amountDue: { label: 'Amount due', show: amount },
  referral: { label: 'Referral', show: shown },
  complimentaryUntil: { label: 'Complimentary until', show: day, day: true },
  username: { label: 'Chat username', show: shown },
  revoked: { label: 'Chat role', show: (v) => (v === true ? 'Taken away' : v === false ? 'Held' : NONE) },
  // Absent on records from before operators could revoke: not suspended.
  suspended: { label: 'Chat revoked by an operator', show: (v) => (v === true ? 'Yes' : 'No') },
  account: { label: 'Discord account', show: shown },
  invite: {
    label: 'Chat invite',
    show: (v, _, timeZone) => {
      const expires = num(record(v), 'expiresAt');
      if (expires !== null) return `works until ${formatDateTime(expires, timeZone)}`;
      return v ? 'issued' : NONE;
    },
  },
  template: { label: 'Email', show: shown },
  failedAt: { label: 'Given up on', show: moment },
  due: { label: 'Due', show: moment },
  tries: { label: 'Tries', show: shown },
  error: { label: 'Error', show: shown },
};
const ORDER = Object.keys(FIELDS);
/** Bookkeeping, not something an operator changes or reads here (the member detail shows the ids). */
const HIDDEN = new Set(['asOf', 'latestCharge', 'customerId', 'subscriptionId']);

/** A field this page does not know: its name in words, a timestamp-like number as a date. */
function unknownField(key: string): Field {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  const timed = /(At|Since|Until|End)$/.test(key);
  return {
    label: capital(words),
    show: (v, owner, timeZone) =>
      timed && typeof v === 'number' && v > 1e11 ? moment(v, owner, timeZone) : shown(v),
  };
}

/** What changed between two records, field by field, in words; unchanged-looking values are left out. */
function changesOf(before: unknown, after: unknown, timeZone: string | undefined): AuditChange[] {
  const old = record(before);
  const next = record(after);
  if (!old && !next) return [];
  const keys = new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})]);
  const ordered = [...ORDER.filter((key) => keys.has(key)), ...[...keys].filter((key) => !FIELDS[key])];
  return ordered.flatMap((key) => {
    if (HIDDEN.has(key)) return [];
    const a = old?.[key];
    const b = next?.[key];
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    const field = FIELDS[key] ?? unknownField(key);
    let from = old ? field.show(a, old, timeZone) : NONE;
    let to = next ? field.show(b, next, timeZone) : NONE;
    if (field.day && from === to) {
      from = old ? moment(a, old, timeZone) : NONE;
      to = next ? moment(b, next, timeZone) : NONE;
    }
    return from === to ? [] : [{ label: field.label, from, to }];
  });
}

const chargeWords = (charge: Pick<LedgerEntry, 'kind' | 'amount' | 'currency'>): string =>
  `${money(charge)} ${charge.kind === 'failed' ? 'failed' : charge.kind === 'refund' ? 'refunded' : 'charged'}`;

const isComplimentary = (r: Rec | null): boolean => text(r, 'subscriptionId')?.startsWith('comp_') ?? false;

/** "Joined: Monthly, $58.49 charged (WELCOME10)", with whatever of it the entry holds. */
function joined(verb: string, after: Rec | null, charge: LedgerEntry | null): string {
  const plan = text(after, 'plan') ?? charge?.plan ?? null;
  const parts = [plan ? capital(plan) : null, charge ? chargeWords(charge) : null].filter(Boolean);
  const promo = charge?.promo ? ` (${charge.promo})` : '';
  return parts.length ? `${verb}: ${parts.join(', ')}${promo}` : verb;
}

function upgraded(after: Rec | null, charge: LedgerEntry | null): string {
  const plan = text(after, 'plan') ?? charge?.plan ?? null;
  const head = plan ? `Upgraded to ${plan}` : 'Upgraded';
  return charge ? `${head}: ${chargeWords(charge)}` : head;
}

function refunded(charge: LedgerEntry | null, options: AuditWordsOptions): string {
  if (!charge) return 'Refunded';
  const of = charge.refundOf ? options.chargeOf?.(charge.refundOf) : undefined;
  if (!of) return `Refunded ${money(charge)}`;
  return money(of) === money(charge)
    ? `Refunded the whole ${money(of)} charge`
    : `Refunded ${money(charge)} of a ${money(of)} charge`;
}

/** A complimentary membership's last day: it is granted to the end of a UTC day, the day chosen. */
const complimentaryDay = (end: number | null): string | null =>
  end === null ? null : formatDate(end - 1, 'UTC');

/** One period of the plan (a calendar month or year): a renewal, rather than days given. */
function isRenewalStep(days: number, plan: string | null): boolean {
  return plan === 'yearly' ? days >= 365 && days <= 366 : days >= 28 && days <= 31;
}

type Shift =
  | 'joined'
  | 'recorded'
  | 'removed'
  | 'ended'
  | 'rejoined'
  | 'complimentary'
  | 'past-due'
  | 'recovered'
  | 'plan'
  | 'autopay-off'
  | 'autopay-on'
  | 'renewed'
  | 'later'
  | 'earlier'
  | 'price'
  | 'other';

/** The one thing a membership change is about, the weightiest first. */
function shiftOf(before: Rec | null, after: Rec | null): Shift {
  if (!after) return before ? 'removed' : 'other';
  const status = text(after, 'status') ?? '';
  if (!before) return isComplimentary(after) ? 'complimentary' : RUNNING.has(status) ? 'joined' : 'recorded';
  const was = text(before, 'status') ?? '';
  const end = num(after, 'currentPeriodEnd');
  const endBefore = num(before, 'currentPeriodEnd');
  if (ENDED.has(status) && !ENDED.has(was)) return 'ended';
  if (isComplimentary(after) && RUNNING.has(status) && (!isComplimentary(before) || end !== endBefore))
    return 'complimentary';
  // Access again: after an end, or a first payment going through (Stripe's incomplete → active).
  if (RUNNING.has(status) && !RUNNING.has(was) && was !== 'past_due')
    return ENDED.has(was) ? 'rejoined' : 'joined';
  if (status === 'past_due' && was !== 'past_due') return 'past-due';
  if (was === 'past_due' && RUNNING.has(status)) return 'recovered';
  if (text(after, 'plan') !== text(before, 'plan')) return 'plan';
  const autopayOff = after.cancelAtPeriodEnd;
  if (typeof autopayOff === 'boolean' && autopayOff !== before.cancelAtPeriodEnd)
    return autopayOff ? 'autopay-off' : 'autopay-on';
  if (end !== null && endBefore !== null && end !== endBefore) {
    if (end < endBefore) return 'earlier';
    return isRenewalStep((end - endBefore) / DAY_MS, text(after, 'plan')) ? 'renewed' : 'later';
  }
  return text(after, 'price') !== text(before, 'price') ? 'price' : 'other';
}

/** A stored subscription state (ours or the provider's), and any membership change without a name. */
function billingTitle(entry: Described, changes: AuditChange[], options: AuditWordsOptions): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const charge = entry.charge ?? null;
  if (charge?.kind === 'refund') return refunded(charge, options);
  if (charge?.kind === 'failed') return `Renewal failed: ${money(charge)}`;
  if (charge?.kind === 'proration') return upgraded(after, charge);
  const shift = shiftOf(before, after);
  if (charge) {
    if (shift === 'joined') return joined('Joined', after, charge);
    if (shift === 'rejoined') return joined('Rejoined', after, charge);
    if (shift === 'recovered') return `Recovered: ${chargeWords(charge)}`;
    return `Renewed: ${chargeWords(charge)}`;
  }
  const end = num(after, 'currentPeriodEnd');
  const endBefore = num(before, 'currentPeriodEnd');
  const on = (ms: number | null) => (ms === null ? '' : formatDate(ms, options.timeZone));
  switch (shift) {
    case 'joined':
      return joined('Joined', after, null);
    case 'rejoined':
      return joined('Rejoined', after, null);
    case 'recorded': {
      const plan = text(after, 'plan');
      const status = text(after, 'status');
      return `Membership recorded: ${plan ? capital(plan) : NONE}, ${status ? shown(STATUS[status] ?? status) : NONE}`;
    }
    case 'removed':
      return 'Membership removed';
    case 'ended':
      return isComplimentary(after) ? 'Complimentary membership ended' : 'Membership ended';
    case 'complimentary': {
      const last = complimentaryDay(end);
      return last ? `Complimentary until ${last}` : 'Complimentary membership';
    }
    case 'past-due': {
      const due = text(after, 'amountDue');
      return due ? `Renewal failed: ${dollars(due)}` : 'Renewal failed';
    }
    case 'recovered':
      return 'Recovered: the failed renewal was paid';
    case 'plan': {
      const plan = text(after, 'plan');
      if (plan === 'yearly' && text(before, 'plan') === 'monthly') return 'Upgraded to yearly';
      return plan ? `Changed to ${plan}` : 'Plan changed';
    }
    case 'autopay-off':
      return 'Autopay turned off';
    case 'autopay-on':
      return 'Autopay turned on';
    case 'renewed':
      return `Renewed until ${on(end)}`;
    case 'later': {
      const days = Math.round(((end ?? 0) - (endBefore ?? 0)) / DAY_MS);
      return days >= 1 ? `Period end moved ${plural(days, 'day')} later` : `Period end moved to ${on(end)}`;
    }
    case 'earlier':
      return `Period end moved earlier, to ${on(end)}`;
    case 'price': {
      const price = changes.find((change) => change.label === 'Price');
      return price ? `Price changed to ${price.to}` : 'Price changed';
    }
    default:
      return changes.length ? 'Billing details updated' : 'Billing state confirmed (nothing visible changed)';
  }
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Changed tries, due and error": the labels of what changed, for an entry this page cannot name. */
function changedWords(changes: AuditChange[]): string {
  const labels = changes.map((change, i) => (i === 0 ? change.label : change.label.toLowerCase()));
  const head = labels.slice(0, 3);
  const rest = labels.length - head.length;
  if (rest > 0) return `Changed ${head.join(', ')} and ${rest} more`;
  const last = head.pop();
  return `Changed ${head.length ? `${head.join(', ')} and ${last}` : last}`;
}

/** "operator.new-thing" → "Operator: new thing": an action this page does not know yet, in words. */
function actionWords(action: string): string {
  const [area = '', ...rest] = action.split('.');
  const what = rest.join(' ').replace(/[-_]+/g, ' ').trim();
  return what ? `${capital(area)}: ${what}` : capital(area.replace(/[-_]+/g, ' ')) || 'Unknown change';
}

function titleOf(entry: Described, changes: AuditChange[], options: AuditWordsOptions): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const charge = entry.charge ?? null;
  const on = (ms: number | null) => (ms === null ? null : formatDate(ms, options.timeZone));
  switch (entry.action) {
    case 'member.join':
      return joined('Joined', after, charge);
    case 'member.upgrade':
      return upgraded(after, charge);
    case 'member.autopay-off':
    case 'operator.autopay-off':
      return 'Turned autopay off';
    case 'member.autopay-on':
    case 'operator.autopay-on':
      return 'Turned autopay on';
    case 'member.card':
      return charge ? `Replaced the card: ${chargeWords(charge)}` : 'Replaced the card';
    case 'billing.state':
      return billingTitle(entry, changes, options);
    case 'billing.refund':
      return refunded(charge, options);
    // Money a provider reported on its own (an invoice not carried by a state change).
    case 'billing.charge':
      return charge ? `Payment: ${chargeWords(charge)}` : 'Payment';
    case 'billing.failed-charge':
      return charge ? `Charge failed: ${money(charge)}` : 'Charge failed';
    case 'operator.extend': {
      const end = num(after, 'currentPeriodEnd');
      const endBefore = num(before, 'currentPeriodEnd');
      const days = end === null || endBefore === null ? 0 : Math.round((end - endBefore) / DAY_MS);
      return days >= 1 ? `Gave ${plural(days, 'free day')}` : 'Gave free days';
    }
    case 'operator.complimentary': {
      const last = complimentaryDay(num(after, 'currentPeriodEnd'));
      return last ? `Complimentary until ${last}` : 'Gave a complimentary membership';
    }
    case 'operator.complimentary-end':
      return 'Ended the complimentary membership';
    case 'operator.cancel-now':
      return 'Cancelled now (nothing refunded)';
    case 'operator.cancel-period-end': {
      const until = on(num(after, 'currentPeriodEnd'));
      return until ? `Cancelled at the period end: access until ${until}` : 'Cancelled at the period end';
    }
    case 'operator.chat-revoke':
      return 'Revoked chat access';
    case 'operator.chat-restore':
      return 'Restored chat access';
    case 'operator.chat-invite':
      return 'Got the chat invite link';
    case 'operator.email-retry': {
      const template = text(after, 'template') ?? text(before, 'template');
      return template ? `Queued the “${template}” email again` : 'Queued an email again';
    }
    case 'account.deleted':
      return 'Account deleted';
  }
  // An action this page does not know: a membership's change says itself, else what changed.
  const shape = after ?? before;
  if (shape && ('status' in shape || 'currentPeriodEnd' in shape))
    return billingTitle(entry, changes, options);
  if (charge) return `${actionWords(entry.action)}: ${chargeWords(charge)}`;
  return changes.length ? changedWords(changes) : actionWords(entry.action);
}

/** An audit entry in words: its title, and what it changed (before → after) with human labels. */
export function describeAudit(entry: Described, options: AuditWordsOptions = {}): AuditWords {
  const changes = changesOf(entry.before, entry.after, options.timeZone);
  return { title: titleOf(entry, changes, options), changes };
}

/** "Nov 27, 2026, 5:45 PM UTC": when, in the viewer's time zone, named. */
export function auditWhen(at: number, timeZone?: string): string {
  const when = formatDateTime(at, timeZone);
  if (when === NONE) return when;
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${when} ${zone}` : when;
}

/**
 * Who the entry is about: the member's email as the server read it from the index with the page,
 * else one a record carries or the console already knows (a member listed), else their account id;
 * a deleted member's entries carry only a digest.
 */
export function auditMember(
  entry: Pick<AuditEntry, 'member' | 'before' | 'after' | 'memberEmail'>,
  knownEmail: (sub: string) => string | undefined = () => undefined,
): string {
  if (entry.member.startsWith('deleted:')) return 'A deleted member';
  return (
    entry.memberEmail ??
    text(record(entry.after), 'email') ??
    text(record(entry.before), 'email') ??
    knownEmail(entry.member) ??
    (entry.member || NONE)
  );
}

/** The operator's billing actions that older logs also recorded as a `billing.state` entry. */
const PAIRED = new Set([
  'operator.extend',
  'operator.complimentary',
  'operator.complimentary-end',
  'operator.cancel-now',
  'operator.cancel-period-end',
  'operator.autopay-on',
  'operator.autopay-off',
]);

/**
 * Older logs wrote an operator's billing action twice: the stored state (`billing.state` by
 * billing) and the operator's entry, for the same member at the same millisecond, with the same
 * records. The console shows the operator's only, so each step reads once (the CSV keeps both).
 */
export function withoutPairedEntries<T extends Pick<AuditEntry, 'at' | 'action' | 'actor' | 'member'>>(
  entries: readonly T[],
): T[] {
  const acted = new Set(entries.filter((e) => PAIRED.has(e.action)).map((e) => `${e.member} ${e.at}`));
  return entries.filter(
    (e) => !(e.action === 'billing.state' && e.actor === 'billing' && acted.has(`${e.member} ${e.at}`)),
  );
}
