import { describe, expect, it } from 'vitest';
import type { MemberRow } from '../../functions/_lib/contract/operator.ts';
import {
  actorLabel,
  auditFileName,
  autopayLabel,
  chatLabel,
  formatDate,
  formatDateTime,
  orDash,
  planLabel,
  statusLabel,
  statusTone,
} from '../../member-app/console/format.ts';

describe('the console’s words for a member (member-app/console/format.ts)', () => {
  it('labels every status and gives it a tone', () => {
    const statuses: MemberRow['status'][] = ['active', 'past due', 'ending', 'ended', 'free'];
    expect(statuses.map(statusLabel)).toEqual(['Active', 'Past due', 'Ending', 'Ended', 'Free']);
    expect(statuses.map(statusTone)).toEqual(['good', 'warn', 'warn', 'off', 'free']);
  });

  it('dates in the given time zone, a dash for none', () => {
    const at = Date.UTC(2026, 10, 26, 3, 30); // Nov 26, 03:30 UTC: still Nov 25 in New York
    expect(formatDate(at, 'UTC')).toBe('Nov 26, 2026');
    expect(formatDate(at, 'America/New_York')).toBe('Nov 25, 2026');
    expect(formatDateTime(at, 'UTC')).toBe('Nov 26, 2026, 3:30 AM');
    expect(formatDateTime(at, 'America/New_York')).toBe('Nov 25, 2026, 10:30 PM');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(Number.NaN)).toBe('—');
  });

  it('plan, autopay, chat and empty fields', () => {
    expect(planLabel('yearly')).toBe('Yearly');
    expect(planLabel(null)).toBe('—');
    expect([autopayLabel(true), autopayLabel(false), autopayLabel(null)]).toEqual(['On', 'Off', '—']);
    expect(chatLabel({ username: 'trader1', access: 'joined' })).toBe('trader1 (joined)');
    expect(chatLabel(null)).toBe('—');
    expect([orDash(null), orDash(''), orDash('SPRING')]).toEqual(['—', '—', 'SPRING']);
  });
});

describe('the console’s words for the audit log', () => {
  it('names billing, the member or the operator who acted', () => {
    expect(actorLabel('billing')).toBe('Billing');
    expect(actorLabel('member')).toBe('Member');
    // An account's deletion is written by the member, as `{ sub: 'member' }`.
    expect(actorLabel({ sub: 'member', email: null })).toBe('Member');
    expect(actorLabel({ sub: 'auth0|op', email: 'op@example.com' })).toBe('op@example.com');
    expect(actorLabel({ sub: 'auth0|op', email: null })).toBe('auth0|op');
  });

  it('names a member’s CSV after their email, safely', () => {
    expect(auditFileName(null)).toBe('audit-log.csv');
    expect(auditFileName('Jane.Doe+x@Example.com')).toBe('audit-log-jane.doe-x-example.com.csv');
    expect(auditFileName('///')).toBe('audit-log-member.csv');
  });
});
