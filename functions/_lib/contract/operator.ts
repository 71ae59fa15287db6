import { z } from 'zod';
import { QUERY_MAX, QUERY_MIN } from '../operator/search-terms.ts';
import { PlanName } from './billing.ts';
import { Body, type ContractEntry } from './shared.ts';

/**
 * A member as the operator's console lists it (docs/operator.md). `free`: a complimentary
 * membership an operator granted (`operator/members/complimentary`).
 */
export const MemberStatus = z.enum(['active', 'past due', 'ending', 'ended', 'free']);

export const MemberRow = z.object({
  sub: z.string(),
  email: z.string().nullable(),
  customerId: z.string().nullable(),
  plan: PlanName.nullable(),
  status: MemberStatus,
  /** ms since the epoch. */
  currentPeriodEnd: z.number().nullable(),
  autopay: z.boolean().nullable(),
  /** The promo code paid with at the charge (our own charges; not a discount added at the provider). */
  promo: z.string().nullable(),
  /** The affiliate token the member arrived with. */
  referral: z.string().nullable(),
  /** The member's chat access: the username given, whether the role is held or was taken away. */
  chat: z.object({ username: z.string(), access: z.enum(['invited', 'joined', 'revoked']) }).nullable(),
  /** When the member's billing state was first stored (ms). */
  signedUpAt: z.number().nullable(),
  /** The member app's last start-up for this member (ms). */
  lastVisit: z.number().nullable(),
});

const Cursor = z
  .string()
  .max(100)
  .regex(/^[\w.:|-]*$/, 'Not a cursor from an earlier answer');
const AuditCursor = z.string().regex(/^\d{1,15}$/, 'Not a cursor from an earlier answer');
const MemberSub = z.string().min(1).max(200);

/** Who made a change: the card provider or our billing clock, the member themselves, or an operator. */
const AuditActor = z.union([
  z.literal('billing'),
  z.literal('member'),
  z.object({ sub: z.string(), email: z.string().nullable() }),
]);

/**
 * One entry of the money ledger (functions/_lib/ledger/): a charge, the proration charged by an
 * upgrade, a refund or a failed charge, recorded once by its provider id. Amounts are exact decimal
 * strings, always positive; `kind` says which way the money went.
 */
export const LedgerEntry = z.object({
  /** The provider's id (a Stripe invoice or refund id; local billing's own). */
  id: z.string(),
  kind: z.enum(['charge', 'proration', 'refund', 'failed']),
  amount: z.string(),
  currency: z.string(),
  /** When the money moved (ms). */
  at: z.number(),
  member: z.string(),
  plan: PlanName.nullable(),
  /** The promo code the charge was discounted by, when one was. */
  promo: z.string().nullable(),
  /** A refund: the id of the charge it gives back. */
  refundOf: z.string().nullable(),
});
export const AuditEntry = z.object({
  /** Its position in the log read (the member's, or the whole log). */
  id: z.number(),
  at: z.number(),
  actor: AuditActor,
  action: z.string(),
  member: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The money the change moved (a charge, a proration, a refund, a failed charge), when it did. */
  charge: LedgerEntry.nullable(),
  /** The member's email as the index holds it now, for the console to name them (null: none, or deleted). */
  memberEmail: z.string().nullable().optional(),
});

/**
 * Who an operator action is for: the member (their subject, as the list shows it) or their payment
 * customer id; exactly one (the domain says so when both or neither are sent). Unknown → 404.
 */
const Target = Body.extend({
  member: MemberSub.optional(),
  customerId: z.string().trim().min(1).max(200).optional(),
});
/** An action's answer: the member's row as it is now, for the console to show. */
const Acted = z.object({ member: MemberRow });

/** A calendar day (YYYY-MM-DD, UTC). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** A file sent as it is produced (defineEndpoint's `download`), not JSON. */
const Download = z.custom<ReadableStream<Uint8Array>>((value) => value instanceof ReadableStream);

/**
 * Money collected (ledger/cash.ts): charges and prorations paid, refunds given, charges that
 * failed, exact decimal strings; `net` is collected less refunded. Counts beside them.
 */
const Cash = z.object({
  collected: z.string(),
  refunded: z.string(),
  failed: z.string(),
  net: z.string(),
  charges: z.number(),
  refunds: z.number(),
  failures: z.number(),
});

/** A day's figures (operator/metrics.ts DailySnapshot). */
const DailySnapshot = z.object({
  day: z.string(),
  active: z.object({ monthly: z.number(), yearly: z.number() }),
  pastDue: z.number(),
  new: z.number(),
  reactivated: z.number(),
  cancelled: z.number(),
  lost: z.number(),
  /** What the members with access pay per month now (promo prices, yearly ÷ 12, complimentary 0). */
  mrr: z.string(),
  /** The day's money, from the ledger. */
  cash: Cash,
});

/** A week's or month's figures (operator/metrics-periods.ts PeriodFigures). */
const PeriodFigures = z.object({
  period: z.string(),
  first: z.string(),
  last: z.string(),
  new: z.number(),
  reactivated: z.number(),
  cancelled: z.number(),
  lost: z.number(),
  activeAtStart: z.number().nullable(),
  activeAtEnd: z.number(),
  /** Logo churn: lost ÷ (active at start + new + reactivated), a fraction to 4 decimals; null when nobody was a member. */
  logoChurn: z.string().nullable(),
  /** Revenue churn: MRR lost ÷ (MRR at start + MRR added), a fraction to 4 decimals; null when there was none. */
  revenueChurn: z.string().nullable(),
  mrrAtStart: z.string().nullable(),
  /** The MRR of the members lost in the period (what they paid per month). */
  mrrLost: z.string(),
  mrrAtEnd: z.string(),
  cash: Cash,
});

const Owed = z.object({ payments: z.number(), paid: z.string(), commission: z.string() });

export const MetricsAnswer = z.object({
  /** Today so far: the latest snapshot moved by the billing events since (`snapshotDay`: its day). */
  current: z.object({
    day: z.string(),
    snapshotDay: z.string().nullable(),
    active: z.object({ monthly: z.number(), yearly: z.number(), total: z.number() }),
    pastDue: z.number(),
    mrr: z.string(),
    today: z.object({ new: z.number(), reactivated: z.number(), cancelled: z.number(), lost: z.number() }),
    /** Today's money so far, from the ledger. */
    cash: Cash,
  }),
  /** The last 12 ISO weeks and 12 months, oldest first (those with snapshots). */
  weeks: z.array(PeriodFigures),
  months: z.array(PeriodFigures),
  /** The chart: each stored day of the last year, oldest first, then today so far. */
  days: z.array(DailySnapshot),
  /** From local billing's referred payments; with Stripe, Rewardful's dashboard has them (owed null). */
  commissions: z.object({
    source: z.enum(['local', 'rewardful']),
    owed: Owed.extend({
      percent: z.number(),
      byReferral: z.array(Owed.extend({ referral: z.string() })),
    }).nullable(),
  }),
  /** Why members turned autopay off: every code with its count, and the latest given (newest first). */
  churnReasons: z.object({
    counts: z.array(z.object({ code: z.string(), count: z.number() })),
    recent: z.array(
      z.object({ at: z.number(), sub: z.string(), code: z.string(), text: z.string().nullable() }),
    ),
  }),
});

/** An email given up on (the dead-letter list `mail:failed`, docs/mail.md), as the console lists it. */
export const UndeliverableEmail = z.object({
  /** When it was given up on (ms). */
  at: z.number(),
  template: z.string(),
  /** What it was about: the event or period it was queued for (`welcome:{sub}`, an invoice attempt…). */
  key: z.string(),
  tries: z.number(),
  /** The mail server's answer, or why it was refused before any try. */
  error: z.string(),
  /** The recipient's address: operators see members' emails. */
  to: z.string(),
  /** The member with that email in the member index (their subject), or null. */
  member: z.string().nullable(),
  /** Whether `operator/emails/retry` can queue it again (its content was kept and nothing refuses it for good). */
  retryable: z.boolean(),
});

/** The email the queue will try next: is the mail server stuck (tries, its last error), is the drain running (due)? */
const NextQueued = z.object({
  key: z.string(),
  template: z.string(),
  /** When it is due (ms); an email being sent now is due when its 10-minute claim ends. */
  due: z.number(),
  queuedAt: z.number(),
  tries: z.number(),
  lastError: z.string().nullable(),
});

/** Issue 33: the operator's calls. Every one needs the operator's permission on the token. */
export const operatorApi = {
  'operator/members': {
    method: 'POST',
    request: Body.extend({
      /**
       * What to find members by (operator/search.ts): the beginning of an email, of its domain, of a
       * customer id, a chat username or a certificate's name, any case; the matches newest first,
       * paged by `cursor` like the list. Empty: the list. One character would match most members.
       */
      query: z
        .string()
        .trim()
        .max(QUERY_MAX, `At most ${QUERY_MAX} characters`)
        .refine((query) => query === '' || [...query].length >= QUERY_MIN, {
          message: `Type at least ${QUERY_MIN} characters`,
        })
        .optional(),
      cursor: Cursor.nullable().optional(),
      limit: z.number().int().min(1).max(50).optional(),
    }),
    response: z.object({ members: z.array(MemberRow), next: z.string().nullable() }),
  },
  'operator/audit': {
    method: 'POST',
    request: Body.extend({ member: MemberSub.optional(), cursor: AuditCursor.nullable().optional() }),
    response: z.object({ entries: z.array(AuditEntry), next: z.string().nullable() }),
  },
  'operator/audit/export': {
    method: 'POST',
    request: Body.extend({ member: MemberSub.optional() }),
    response: Download,
  },
  /** Money and churn (docs/operator.md): figures from the daily snapshots, never the members. */
  'operator/metrics': {
    method: 'POST',
    request: Body,
    response: MetricsAnswer,
  },
  /**
   * The undeliverable emails, newest first, capped at the newest 100 (`total`: how many the list
   * holds, at most 1,000), and the queue: how many wait and the one due first.
   */
  'operator/emails': {
    method: 'POST',
    request: Body,
    response: z.object({
      emails: z.array(UndeliverableEmail),
      total: z.number(),
      queue: z.object({ waiting: z.number(), next: NextQueued.nullable() }),
    }),
  },
  /** Queues an undeliverable email again, due now with a fresh set of tries; once, whoever asks at the same time. */
  'operator/emails/retry': {
    method: 'POST',
    request: Body.extend({ key: z.string().min(1).max(200) }),
    response: z.object({ key: z.string(), due: z.number() }),
  },
  /** Free days: the next charge (and the end of access) moves `days` later; nothing is charged for them. */
  'operator/members/extend': {
    method: 'POST',
    request: Target.extend({ days: z.number().int().min(1).max(365) }),
    response: Acted,
  },
  /**
   * A complimentary membership until the end of `until` (UTC), for a member with no subscription
   * that may still charge; null ends one now.
   */
  'operator/members/complimentary': {
    method: 'POST',
    request: Target.extend({ until: Day.nullable() }),
    response: Acted,
  },
  /** Cancel at the period end (autopay off: access until then) or now (access stops, nothing refunded). */
  'operator/members/cancel': {
    method: 'POST',
    request: Target.extend({ when: z.enum(['period-end', 'now']) }),
    response: Acted,
  },
  /** Autopay on (renews at the period end) or off (ends then). */
  'operator/members/autopay': {
    method: 'POST',
    request: Target.extend({ on: z.boolean() }),
    response: Acted,
  },
  /** Takes the chat's member role away and keeps it away (billing changes do not give it back), or restores it. */
  'operator/members/chat': {
    method: 'POST',
    request: Target.extend({ access: z.enum(['revoke', 'restore']) }),
    response: Acted,
  },
  /** The member's chat invite again (their live one, or a new one), for the operator to pass on. */
  'operator/members/chat/invite': {
    method: 'POST',
    request: Target,
    response: Acted.extend({ invite: z.url(), expiresAt: z.number() }),
  },
} as const satisfies Record<string, ContractEntry>;

export type MemberRow = z.output<typeof MemberRow>;
export type AuditEntry = z.output<typeof AuditEntry>;
export type LedgerEntry = z.output<typeof LedgerEntry>;
export type Cash = z.output<typeof Cash>;
export type UndeliverableEmail = z.output<typeof UndeliverableEmail>;
