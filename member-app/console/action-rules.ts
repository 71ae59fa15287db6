/**
 * The pure rules of the console's member actions (docs/operator.md "Actions"): the bounds the forms
 * check before sending, the end date a free-days form previews, and how an answer or a refusal is
 * worded. The server judges every action again; these only spare the operator a round trip.
 */
const DAY_MS = 86_400_000;

export const FREE_DAYS_MIN = 1;
export const FREE_DAYS_MAX = 365;
/** How far ahead a complimentary membership may run (the server's limit). */
export const COMPLIMENTARY_MAX_DAYS = 730;

/** The number of free days typed, or null when it is not a whole number from 1 to 365. */
export function parseFreeDays(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const days = Number(text);
  return days >= FREE_DAYS_MIN && days <= FREE_DAYS_MAX ? days : null;
}

/**
 * Where free days move the period end: exactly `days` × 24 h later, as the server moves the end it
 * holds (a trial to the new end at Stripe). Null when there is no end to move.
 */
export function extendedEnd(periodEnd: number | null, days: number): number | null {
  if (periodEnd === null || !Number.isFinite(periodEnd)) return null;
  return periodEnd + days * DAY_MS;
}

/** A UTC calendar day (YYYY-MM-DD), as the complimentary call takes it. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The days a complimentary membership may end on: today (UTC) to 730 days ahead. */
export function complimentaryRange(now: number): { min: string; max: string } {
  return { min: utcDay(now), max: utcDay(now + COMPLIMENTARY_MAX_DAYS * DAY_MS) };
}

/** Whether `day` is a real calendar day within the range (the date field may be typed into). */
export function isComplimentaryDay(day: string, now: number): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(ms) || utcDay(ms) !== day) return false;
  const { min, max } = complimentaryRange(now);
  return day >= min && day <= max;
}

/**
 * What a failed action tells the operator: the server's own reason for a refusal it explains
 * (409 conflict, 404 unknown member, 402 card, 403 permission, 400 input, 503 community down), a
 * plain retry line for anything else.
 */
export function actionFailure(error: unknown): string {
  // The API client's ApiError, read by shape so this module stays free of the browser's client.
  const status = error instanceof Error && 'status' in error ? Number(error.status) : null;
  const message = error instanceof Error ? error.message : '';
  if (status !== null && status < 500 && message) return message;
  if ((status === 502 || status === 503) && message) return `${message}. Try again in a moment.`;
  return 'The action failed. Try again in a moment.';
}

/** One operator action on a member, as the console's forms send it. */
export type MemberAction =
  | { kind: 'extend'; days: number }
  | { kind: 'complimentary'; until: string | null }
  | { kind: 'cancel'; when: 'period-end' | 'now' }
  | { kind: 'autopay'; on: boolean }
  | { kind: 'chat'; access: 'revoke' | 'restore' }
  | { kind: 'invite' };

/** The status line after an action, from the member's row as the server answered it. */
export function actionDone(
  action: MemberAction,
  row: { currentPeriodEnd: number | null },
  date: (ms: number | null) => string,
): string {
  const end = date(row.currentPeriodEnd);
  switch (action.kind) {
    case 'extend':
      return `Gave ${action.days} free ${action.days === 1 ? 'day' : 'days'}: the period now ends ${end}.`;
    case 'complimentary':
      return action.until === null
        ? 'The complimentary membership has ended.'
        : `Complimentary membership until the end of ${action.until} (UTC).`;
    case 'cancel':
      return action.when === 'now'
        ? 'Cancelled now: access has ended.'
        : `Cancels at the period end: access until ${end}.`;
    case 'autopay':
      return action.on ? `Autopay is on: renews ${end}.` : `Autopay is off: access until ${end}.`;
    case 'chat':
      return action.access === 'revoke' ? 'Chat access revoked.' : 'Chat access restored.';
    case 'invite':
      return 'A chat invite is ready to pass on.';
  }
}
