import { describe, expect, it } from 'vitest';
import type { AuditEntry, LedgerEntry } from '../../functions/_lib/contract/operator.ts';
import {
  auditMember,
  auditWhen,
  describeAudit,
  withoutPairedEntries,
} from '../../member-app/console/audit-words.ts';

// The audit log in words (member-app/console/audit-words.ts): every action the product writes,
// the pairs older logs hold, unknown actions and damaged entries, in a given time zone.

const DAY = 86_400_000;
const AT = Date.UTC(2026, 10, 27, 17, 45); // Nov 27, 2026, 5:45 PM UTC
const END = Date.UTC(2026, 11, 27, 17, 45); // Dec 27, 2026, 5:45 PM UTC
const UTC = { timeZone: 'UTC' };
const OPERATOR = { sub: 'auth0|op', email: 'op@example.com' };

const monthly = {
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  plan: 'monthly',
  status: 'active',
  currentPeriodEnd: END,
  cancelAtPeriodEnd: false,
  asOf: AT,
  price: '58.49',
};

const ledger = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: 'in_1',
  kind: 'charge',
  amount: '64.99',
  currency: 'usd',
  at: AT,
  member: 'auth0|m',
  plan: 'monthly',
  promo: null,
  refundOf: null,
  ...over,
});

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 0,
  at: AT,
  actor: 'billing',
  action: 'billing.state',
  member: 'auth0|m',
  before: null,
  after: null,
  charge: null,
  ...over,
});

const words = (over: Partial<AuditEntry>, options = {}) => describeAudit(entry(over), { ...UTC, ...options });
const title = (over: Partial<AuditEntry>, options = {}) => words(over, options).title;

describe('a member’s own steps', () => {
  it('joining: the plan, the amount charged and the promo; every field set, none internal', () => {
    const joined = words({
      action: 'member.join',
      actor: 'member',
      after: { ...monthly, latestCharge: { id: 'in_1' } },
      charge: ledger({ amount: '58.49', promo: 'WELCOME10' }),
    });
    expect(joined.title).toBe('Joined: Monthly, $58.49 charged (WELCOME10)');
    expect(joined.changes).toEqual([
      { label: 'Plan', from: '—', to: 'Monthly' },
      { label: 'Status', from: '—', to: 'Active' },
      { label: 'Period end', from: '—', to: 'Dec 27, 2026' },
      { label: 'Autopay', from: '—', to: 'On' },
      { label: 'Price', from: '—', to: '$58.49 a month' },
    ]);
    expect(title({ action: 'member.join', after: monthly })).toBe('Joined: Monthly');
    // No record, the charge still names the plan; nothing at all: the bare verb.
    expect(title({ action: 'member.join', charge: ledger({ amount: '58.49' }) })).toBe(
      'Joined: Monthly, $58.49 charged',
    );
    expect(title({ action: 'member.join' })).toBe('Joined');
  });

  it('upgrading to yearly: the proration charged, the plan, period end and price', () => {
    const yearly = { ...monthly, plan: 'yearly', price: '599.99', currentPeriodEnd: Date.UTC(2027, 10, 27) };
    const upgrade = words({
      action: 'member.upgrade',
      actor: 'member',
      before: monthly,
      after: yearly,
      charge: ledger({ kind: 'proration', amount: '535.02', plan: 'yearly' }),
    });
    expect(upgrade.title).toBe('Upgraded to yearly: $535.02 charged');
    expect(upgrade.changes).toEqual([
      { label: 'Plan', from: 'Monthly', to: 'Yearly' },
      { label: 'Period end', from: 'Dec 27, 2026', to: 'Nov 27, 2027' },
      { label: 'Price', from: '$58.49 a month', to: '$599.99 a year' },
    ]);
    expect(title({ action: 'member.upgrade', before: monthly, after: yearly })).toBe('Upgraded to yearly');
  });

  it('autopay off and on, by the member or an operator: Autopay, not cancelAtPeriodEnd', () => {
    const off = { ...monthly, cancelAtPeriodEnd: true };
    for (const [action, actor] of [
      ['member.autopay-off', 'member'],
      ['operator.autopay-off', OPERATOR],
    ] as const) {
      const change = words({ action, actor, before: monthly, after: off });
      expect(change.title).toBe('Turned autopay off');
      expect(change.changes).toEqual([{ label: 'Autopay', from: 'On', to: 'Off' }]);
    }
    expect(title({ action: 'member.autopay-on', before: off, after: monthly })).toBe('Turned autopay on');
    expect(title({ action: 'operator.autopay-on', before: off, after: monthly })).toBe('Turned autopay on');
  });

  it('a new card, which may pay a failed renewal at once', () => {
    const pastDue = {
      ...monthly,
      status: 'past_due',
      pastDueSince: Date.UTC(2026, 10, 25, 9, 0),
      nextRetryAt: Date.UTC(2026, 10, 28, 9, 0),
      amountDue: '64.99',
    };
    const paid = words({
      action: 'member.card',
      actor: 'member',
      before: pastDue,
      after: { ...monthly, currentPeriodEnd: END + 30 * DAY },
      charge: ledger(),
    });
    expect(paid.title).toBe('Replaced the card: $64.99 charged');
    expect(paid.changes).toEqual([
      { label: 'Status', from: 'Past due', to: 'Active' },
      { label: 'Period end', from: 'Dec 27, 2026', to: 'Jan 26, 2027' },
      { label: 'Past due since', from: 'Nov 25, 2026, 9:00 AM', to: '—' },
      { label: 'Next retry', from: 'Nov 28, 2026, 9:00 AM', to: '—' },
      { label: 'Amount due', from: '$64.99', to: '—' },
    ]);
    expect(title({ action: 'member.card', before: monthly, after: monthly })).toBe('Replaced the card');
  });
});

describe('billing’s steps', () => {
  const renewed = { ...monthly, price: '64.99', currentPeriodEnd: Date.UTC(2027, 0, 27, 17, 45) };
  const pastDue = { ...monthly, status: 'past_due', pastDueSince: END, amountDue: '64.99' };

  it('a renewal, a failed one, a recovery, an end, a refresh that changed nothing visible', () => {
    expect(title({ before: monthly, after: renewed, charge: ledger() })).toBe('Renewed: $64.99 charged');
    expect(title({ before: monthly, after: pastDue, charge: ledger({ kind: 'failed' }) })).toBe(
      'Renewal failed: $64.99',
    );
    expect(title({ before: pastDue, after: renewed, charge: ledger() })).toBe('Recovered: $64.99 charged');
    const ended = words({ before: monthly, after: { ...monthly, status: 'canceled' } });
    expect(ended.title).toBe('Membership ended');
    expect(ended.changes).toEqual([{ label: 'Status', from: 'Active', to: 'Ended' }]);
    // A webhook repeating the state with a newer asOf and the charge it came with.
    const refresh = words({
      before: monthly,
      after: { ...monthly, asOf: AT + 1, latestCharge: { id: 'in_2' } },
    });
    expect(refresh).toEqual({ title: 'Billing state confirmed (nothing visible changed)', changes: [] });
  });

  it('a refund: its amount, and the charge it gives back when the log read has it', () => {
    const refund = ledger({ id: 're_1', kind: 'refund', amount: '10.00', refundOf: 'in_1' });
    const charges = new Map([['in_1', ledger()]]);
    const chargeOf = (id: string) => charges.get(id);
    expect(words({ action: 'billing.refund', charge: refund })).toEqual({
      title: 'Refunded $10.00',
      changes: [],
    });
    expect(title({ action: 'billing.refund', charge: refund }, { chargeOf })).toBe(
      'Refunded $10.00 of a $64.99 charge',
    );
    expect(title({ action: 'billing.refund', charge: { ...refund, amount: '64.99' } }, { chargeOf })).toBe(
      'Refunded the whole $64.99 charge',
    );
    expect(title({ action: 'billing.refund', charge: { ...refund, amount: '1234.5', refundOf: null } })).toBe(
      'Refunded $1,234.50',
    );
    expect(title({ action: 'billing.refund' })).toBe('Refunded');
  });

  it('money a provider reported on its own: a payment, a failed charge', () => {
    expect(title({ action: 'billing.charge', charge: ledger() })).toBe('Payment: $64.99 charged');
    expect(title({ action: 'billing.failed-charge', charge: ledger({ kind: 'failed' }) })).toBe(
      'Charge failed: $64.99',
    );
    expect(title({ action: 'billing.failed-charge' })).toBe('Charge failed');
  });
});

describe('an operator’s steps', () => {
  it('free days, counted from the period ends', () => {
    const extended = words({
      action: 'operator.extend',
      actor: OPERATOR,
      before: monthly,
      // Stripe gives free days as a trial: trialing reads as Active, so the status is no change.
      after: { ...monthly, status: 'trialing', currentPeriodEnd: END + 14 * DAY },
    });
    expect(extended.title).toBe('Gave 14 free days');
    expect(extended.changes).toEqual([{ label: 'Period end', from: 'Dec 27, 2026', to: 'Jan 10, 2027' }]);
    expect(
      title({
        action: 'operator.extend',
        before: monthly,
        after: { ...monthly, currentPeriodEnd: END + DAY },
      }),
    ).toBe('Gave 1 free day');
    expect(title({ action: 'operator.extend', after: monthly })).toBe('Gave free days');
  });

  it('a complimentary membership until the UTC day chosen, in any viewer’s time zone; its end', () => {
    const comp = {
      customerId: 'cus_1',
      subscriptionId: 'comp_x',
      plan: 'monthly',
      status: 'active',
      currentPeriodEnd: Date.UTC(2026, 2, 4), // the end of Mar 3 (UTC)
      cancelAtPeriodEnd: true,
      asOf: Date.UTC(2026, 2, 4),
    };
    for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'])
      expect(title({ action: 'operator.complimentary', actor: OPERATOR, after: comp }, { timeZone })).toBe(
        'Complimentary until Mar 3, 2026',
      );
    expect(title({ action: 'operator.complimentary' })).toBe('Gave a complimentary membership');
    const ended = { ...comp, status: 'canceled', currentPeriodEnd: AT, asOf: AT };
    expect(title({ action: 'operator.complimentary-end', before: comp, after: ended })).toBe(
      'Ended the complimentary membership',
    );
    // The same change as older logs' billing.state entries recorded it.
    expect(title({ before: null, after: comp })).toBe('Complimentary until Mar 3, 2026');
    expect(title({ before: comp, after: ended })).toBe('Complimentary membership ended');
  });

  it('cancelling now or at the period end', () => {
    expect(
      title({
        action: 'operator.cancel-now',
        before: monthly,
        after: { ...monthly, status: 'canceled', currentPeriodEnd: AT },
      }),
    ).toBe('Cancelled now (nothing refunded)');
    expect(
      title({
        action: 'operator.cancel-period-end',
        before: monthly,
        after: { ...monthly, cancelAtPeriodEnd: true },
      }),
    ).toBe('Cancelled at the period end: access until Dec 27, 2026');
    expect(title({ action: 'operator.cancel-period-end' })).toBe('Cancelled at the period end');
  });

  it('chat access, the invite, an email sent again, an account deleted', () => {
    const chat = { username: 'trader1', invite: null, revoked: false, account: '123' };
    const revoked = words({
      action: 'operator.chat-revoke',
      actor: OPERATOR,
      before: chat,
      after: { ...chat, revoked: true, suspended: true },
    });
    expect(revoked).toEqual({
      title: 'Revoked chat access',
      changes: [
        { label: 'Chat role', from: 'Held', to: 'Taken away' },
        { label: 'Chat revoked by an operator', from: 'No', to: 'Yes' },
      ],
    });
    expect(
      title({ action: 'operator.chat-restore', before: { ...chat, suspended: true }, after: chat }),
    ).toBe('Restored chat access');
    const invited = words({
      action: 'operator.chat-invite',
      before: chat,
      after: { ...chat, invite: { code: 'c', url: 'https://discord.gg/c', expiresAt: END } },
    });
    expect(invited).toEqual({
      title: 'Got the chat invite link',
      changes: [{ label: 'Chat invite', from: '—', to: 'works until Dec 27, 2026, 5:45 PM' }],
    });
    const retried = words({
      action: 'operator.email-retry',
      before: {
        key: 'payment-failed:in_1:1',
        template: 'payment-failed',
        failedAt: AT,
        tries: 30,
        error: '550',
      },
      after: { key: 'payment-failed:in_1:1', template: 'payment-failed', due: END, tries: 0 },
    });
    expect(retried).toEqual({
      title: 'Queued the “payment-failed” email again',
      changes: [
        { label: 'Given up on', from: 'Nov 27, 2026, 5:45 PM', to: '—' },
        { label: 'Due', from: '—', to: 'Dec 27, 2026, 5:45 PM' },
        { label: 'Tries', from: '30', to: '0' },
        { label: 'Error', from: '550', to: '—' },
      ],
    });
    expect(title({ action: 'operator.email-retry' })).toBe('Queued an email again');
    expect(
      words({ action: 'account.deleted', actor: { sub: 'member', email: null }, member: 'deleted:ab12' }),
    ).toEqual({ title: 'Account deleted', changes: [] });
  });
});

describe('older logs', () => {
  it('a billing.state beside the operator’s entry for the same change shows once, as the operator’s', () => {
    const after = { ...monthly, currentPeriodEnd: END + 14 * DAY };
    const paired = [
      entry({ id: 3, action: 'operator.extend', actor: OPERATOR, before: monthly, after }),
      entry({ id: 2, before: monthly, after }),
      // Another member's state at the same millisecond, and this member's a moment earlier, stay.
      entry({ id: 1, member: 'auth0|other', before: monthly, after }),
      entry({ id: 0, at: AT - 1, before: null, after: monthly }),
    ];
    expect(withoutPairedEntries(paired).map((e) => e.id)).toEqual([3, 1, 0]);
    // Alone (its operator's entry on a page not read yet), it still reads well.
    expect(title({ before: monthly, after })).toBe('Period end moved 14 days later');
    expect(withoutPairedEntries([entry({ action: 'member.join', actor: 'member' }), entry()])).toHaveLength(
      2,
    );
  });

  it('billing.state without a charge: joined, renewed, failed, recovered, upgraded, autopay, moved', () => {
    const pastDue = { ...monthly, status: 'past_due', pastDueSince: END, amountDue: '64.99' };
    const nextMonth = { ...monthly, currentPeriodEnd: Date.UTC(2027, 0, 27, 17, 45) };
    expect(title({ before: null, after: monthly })).toBe('Joined: Monthly');
    expect(title({ before: { ...monthly, status: 'incomplete' }, after: monthly })).toBe('Joined: Monthly');
    expect(title({ before: { ...monthly, status: 'canceled' }, after: nextMonth })).toBe('Rejoined: Monthly');
    expect(title({ before: null, after: { ...monthly, status: 'incomplete' } })).toBe(
      'Membership recorded: Monthly, Awaiting payment',
    );
    expect(title({ before: monthly, after: nextMonth })).toBe('Renewed until Jan 27, 2027');
    expect(title({ before: monthly, after: pastDue })).toBe('Renewal failed: $64.99');
    expect(title({ before: monthly, after: { ...monthly, status: 'past_due' } })).toBe('Renewal failed');
    expect(title({ before: pastDue, after: nextMonth })).toBe('Recovered: the failed renewal was paid');
    expect(title({ before: monthly, after: { ...monthly, plan: 'yearly' } })).toBe('Upgraded to yearly');
    expect(title({ before: { ...monthly, plan: 'yearly' }, after: monthly })).toBe('Changed to monthly');
    expect(title({ before: monthly, after: { ...monthly, cancelAtPeriodEnd: true } })).toBe(
      'Autopay turned off',
    );
    expect(title({ before: { ...monthly, cancelAtPeriodEnd: true }, after: monthly })).toBe(
      'Autopay turned on',
    );
    expect(title({ before: monthly, after: { ...monthly, currentPeriodEnd: END - 2 * DAY } })).toBe(
      'Period end moved earlier, to Dec 25, 2026',
    );
    expect(title({ before: monthly, after: { ...monthly, price: '64.99' } })).toBe(
      'Price changed to $64.99 a month',
    );
    expect(title({ before: monthly, after: { ...monthly, referral: 'ann' } })).toBe(
      'Billing details updated',
    );
    expect(title({ before: monthly, after: null })).toBe('Membership removed');
    expect(title({ before: null, after: null })).toBe('Billing state confirmed (nothing visible changed)');
  });
});

describe('what the page does not know', () => {
  it('an unknown action: a membership’s change says itself, else what changed, else the action in words', () => {
    expect(
      title({
        action: 'operator.new-thing',
        actor: OPERATOR,
        before: monthly,
        after: { ...monthly, cancelAtPeriodEnd: true },
      }),
    ).toBe('Autopay turned off');
    const other = words({
      action: 'operator.new-thing',
      before: { colour: 'red' },
      after: { colour: 'blue', sizeLimit: 3 },
    });
    expect(other).toEqual({
      title: 'Changed Colour and size limit',
      changes: [
        { label: 'Colour', from: 'red', to: 'blue' },
        { label: 'Size limit', from: '—', to: '3' },
      ],
    });
    expect(title({ action: 'x', before: { a: 1, b: 2, c: 3, d: 4 }, after: {} })).toBe(
      'Changed A, b, c and 1 more',
    );
    expect(title({ action: 'operator.new-thing' })).toBe('Operator: new thing');
    expect(title({ action: 'member.gift', charge: ledger({ amount: '5' }) })).toBe(
      'Member: gift: $5.00 charged',
    );
    expect(title({ action: 'unknown' })).toBe('Unknown');
    expect(title({ action: '' })).toBe('Unknown change');
  });

  it('damaged entries: records that are not objects, fields of the wrong type, timestamps named as such', () => {
    expect(words({ action: 'operator.extend', before: 'garbage', after: 42 })).toEqual({
      title: 'Gave free days',
      changes: [],
    });
    expect(
      words({
        before: { status: 'active', currentPeriodEnd: 'soon' },
        after: { status: 7, currentPeriodEnd: null },
      }).changes,
    ).toEqual([
      { label: 'Status', from: 'Active', to: '7' },
      { label: 'Period end', from: 'soon', to: '—' },
    ]);
    expect(
      words({ action: 'x', before: {}, after: { checkedAt: AT, flag: true, list: [1] } }).changes,
    ).toEqual([
      { label: 'Checked at', from: '—', to: 'Nov 27, 2026, 5:45 PM' },
      { label: 'Flag', from: '—', to: 'Yes' },
      { label: 'List', from: '—', to: '[1]' },
    ]);
    // Statuses in an operator's words.
    const statuses = ['unpaid', 'incomplete_expired', 'paused'].map(
      (status) => words({ before: monthly, after: { ...monthly, status } }).changes[0]?.to,
    );
    expect(statuses).toEqual(['Unpaid', 'Never paid', 'Paused']);
  });
});

describe('time zones', () => {
  it('when, in the viewer’s zone, named', () => {
    expect(auditWhen(AT, 'UTC')).toBe('Nov 27, 2026, 5:45 PM UTC');
    expect(auditWhen(AT, 'America/New_York')).toBe('Nov 27, 2026, 12:45 PM EST');
    expect(auditWhen(Date.UTC(2026, 6, 1, 12), 'America/New_York')).toBe('Jul 1, 2026, 8:00 AM EDT');
    expect(auditWhen(Number.NaN, 'UTC')).toBe('—');
  });

  it('dates of changes in the viewer’s zone; the time too when only the time moved', () => {
    const lateUtc = Date.UTC(2026, 11, 27, 3, 30); // still Dec 26 in New York
    const moved = { before: monthly, after: { ...monthly, currentPeriodEnd: lateUtc + 14 * DAY } };
    expect(words({ ...moved, action: 'operator.extend' }, { timeZone: 'America/New_York' }).changes).toEqual([
      { label: 'Period end', from: 'Dec 27, 2026', to: 'Jan 9, 2027' },
    ]);
    const sameDay = { before: monthly, after: { ...monthly, currentPeriodEnd: END + 3_600_000 } };
    expect(words(sameDay).changes).toEqual([
      { label: 'Period end', from: 'Dec 27, 2026, 5:45 PM', to: 'Dec 27, 2026, 6:45 PM' },
    ]);
    expect(
      title(
        { action: 'operator.cancel-period-end', after: { currentPeriodEnd: lateUtc } },
        { timeZone: 'America/New_York' },
      ),
    ).toBe('Cancelled at the period end: access until Dec 26, 2026');
  });
});

describe('who an entry is about', () => {
  it('the email the entry carries, else one the console listed, else the account id', () => {
    const known = (sub: string) => (sub === 'auth0|m' ? 'jane@example.com' : undefined);
    expect(auditMember(entry({ after: { email: 'carried@example.com' } }), known)).toBe(
      'carried@example.com',
    );
    expect(auditMember(entry(), known)).toBe('jane@example.com');
    expect(auditMember(entry({ member: 'auth0|x' }), known)).toBe('auth0|x');
    expect(auditMember(entry({ member: 'deleted:ab12' }), known)).toBe('A deleted member');
    expect(auditMember(entry({ member: '' }))).toBe('—');
    // The email the server read from the index with the page comes first.
    expect(auditMember(entry({ member: 'auth0|x', memberEmail: 'now@example.com' }), known)).toBe(
      'now@example.com',
    );
  });
});
