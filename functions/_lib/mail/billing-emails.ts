/**
 * The emails a change of a member's subscription means (docs/billing.md "What each event emails"),
 * judged from the state stored before and the state written: a pure function, so saveMembership
 * can queue them in the same script as the write (billingEmailsStep, billing/membership-write.ts). An email is queued
 * exactly when its change is stored; a duplicate, or an older state arriving late, changes nothing
 * and queues nothing, and each key names what it is about, so a change seen twice emails once.
 *
 * The recipient is not known here: the script reads it from the operator's index
 * (`ops:member:{sub}` field `email`), so every writer (a webhook knows no address) emails the same
 * member the same way.
 */
import {
  hasAccess,
  isComplimentary,
  type Membership,
  type SubscriptionStatus,
} from '../billing/membership.ts';
import type { ScriptStep } from '../script-steps.ts';
import type { EmailData, EmailName } from './catalog.ts';
import { mailKeys } from './keys.ts';
import { dollars, longDate } from './long-date.ts';
import { MAIL_ENQUEUE_LUA, ONCE_TTL_SECONDS } from './queue.ts';

export interface BillingEmail<N extends EmailName = EmailName> {
  key: string;
  template: N;
  data: EmailData<N>;
}

/** Any one email, its data matching its template. */
export type SomeBillingEmail = { [N in EmailName]: BillingEmail<N> }[EmailName];

export interface BillingEmailContext {
  /** When the change is written (ms). */
  at: number;
  /** Each plan's price ("64.99"): what a failed renewal charged when the provider did not say. */
  prices: Record<Membership['plan'], string>;
  /** The site's address (site-url.ts), for links in the data. */
  siteUrl: string;
}

/** Statuses with access (hasAccess judges the dates): leaving them for an ended one is an ending. */
const LIVE: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);
const ENDED: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'unpaid', 'incomplete_expired']);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe's first smart retry comes a few days after the failure: the date said when none is known. */
const RETRY_GUESS_MS = 3 * DAY_MS;

/** The emails the change from `before` to `after` means, in the order they are queued. */
export function billingEmails(
  before: Membership | null,
  after: Membership,
  context: BillingEmailContext,
): SomeBillingEmail[] {
  const id = after.subscriptionId;
  if (ENDED.has(after.status)) {
    if (!before || !LIVE.has(before.status)) return [];
    // Ended at its period's end (autopay off), or earlier (cancelled now, retries exhausted).
    const end = Math.min(after.currentPeriodEnd, after.asOf);
    return [
      email(`ended:${id}`, 'membership-ended', {
        endDate: longDate(end),
        joinUrl: `${context.siteUrl}/payment`,
      }),
    ];
  }
  // A complimentary membership is charged nothing and has no autopay to turn off.
  if (isComplimentary(after)) return [];
  const emails: SomeBillingEmail[] = [];
  if (after.status === 'past_due' && before?.status !== 'past_due') {
    // One per failed renewal: the period it would pay for names it.
    emails.push(
      email(`payment-failed:${id}:${after.currentPeriodEnd}`, 'payment-failed', {
        amount: dollars(after.amountDue ?? context.prices[after.plan]),
        retryDate: longDate(after.nextRetryAt ?? (after.pastDueSince ?? context.at) + RETRY_GUESS_MS),
      }),
    );
  }
  if (after.cancelAtPeriodEnd && before && !before.cancelAtPeriodEnd && hasAccess(after, context.at)) {
    emails.push(
      email(`autopay-off:${id}:${after.currentPeriodEnd}`, 'autopay-off', {
        endDate: longDate(after.currentPeriodEnd),
      }),
    );
  }
  return emails;
}

const email = <N extends EmailName>(key: string, template: N, data: EmailData<N>): BillingEmail<N> => ({
  key,
  template,
  data,
});

/**
 * The emails as a step of the membership write (billing/membership-write.ts):
 * `queue_member_emails(to)` queues each to `to`, each once per key (MAIL_ENQUEUE_LUA); the job's
 * recipient is put first by the script, as the address is read there. Returns how many were new.
 */
export function billingEmailsStep(emails: readonly SomeBillingEmail[], at: number): ScriptStep {
  const keys = mailKeys();
  return {
    name: 'member_mail',
    keys: {
      queue: keys.queue,
      jobs: keys.jobs,
      failed: keys.failed,
      once: emails.map((e) => keys.once(e.key)),
    },
    args: {
      due: String(Math.floor(at)),
      ttl: String(ONCE_TTL_SECONDS),
      keys: emails.map((e) => e.key),
      // Each job (queue.ts's Job) still lacking `to`.
      jobs: emails.map((e) =>
        JSON.stringify({ key: e.key, template: e.template, data: e.data, queuedAt: at, tries: 0 }),
      ),
    },
    lua: `${MAIL_ENQUEUE_LUA}
local function queue_member_emails(to)
  local k, a = K.member_mail, A.member_mail
  local queued = 0
  for i, key in ipairs(a.keys) do
    local job = '{"to":' .. cjson.encode(to) .. ',' .. string.sub(a.jobs[i], 2)
    queued = queued + enqueue_mail(k.once[i], k.queue, k.jobs, k.failed, key, job, a.due, a.ttl, '')
  end
  return queued
end`,
  };
}
