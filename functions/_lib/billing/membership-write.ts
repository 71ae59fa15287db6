import { normalizeEmail } from '../account/rules.ts';
import { HttpError } from '../http/errors.ts';
import { ledgerEntryOf } from '../ledger/entries.ts';
import { ledgerStep } from '../ledger/ledger-step.ts';
import { billingEmails, billingEmailsStep } from '../mail/billing-emails.ts';
import { siteUrl } from '../mail/site-url.ts';
import { type AuditActor, auditStep } from '../operator/audit.ts';
import type { ChurnReason } from '../operator/churn.ts';
import { churnStep } from '../operator/churn-step.ts';
import { figuresStep } from '../operator/figures-step.ts';
import { memberIndexStep } from '../operator/member-index-step.ts';
import { assembleScript, type ScriptStep } from '../script-steps.ts';
import type { Store } from '../store.ts';
import { billingContent } from './billing-content.ts';
import { customerOwnerKey, type Membership, membershipKey, parseMembership } from './membership.ts';

/**
 * The one write of a member's subscription state: the record itself and, in the same script, what
 * each domain keeps beside it (script-steps.ts assembles their steps):
 * - the operator's member index (operator/member-index-step.ts),
 * - the audit entry, before and after, by whom, with the money moved (operator/audit.ts),
 * - the money the state carries, in the ledger, once by its id (ledger/ledger-step.ts),
 * - the day's figures (operator/figures-step.ts) and a churn reason (operator/churn-step.ts),
 * - the member emails the change means (mail/billing-emails.ts).
 * So no state is stored without them, and none of them without the state.
 *
 * Only moves forward: a state read earlier (a delayed or duplicate event) never overwrites a later
 * one. A state identical to the stored one is written again but adds no entry and counts nothing.
 * The figures and emails are judged against the stored state read just before: the script refuses
 * (-1) when that is no longer the stored one, and the write is judged again, so each change is
 * counted once, against the state it really replaced, whatever runs beside it.
 */

/** What the write knows beside the state. */
export interface MembershipWriteContext {
  /** The member's email (lower-cased here): the console finds members by it. */
  email?: string | null;
  /** The promo code the member paid with. */
  promo?: string | null;
  /** When the change happened (ms); now unless told. */
  at?: number;
  /** Who made the change (the audit entry's actor): 'billing' unless told. */
  actor?: AuditActor;
  /** What the audit entry calls it: `billing.state` unless told (`member.upgrade`, `operator.extend`…). */
  action?: string;
  /**
   * Why the member turned autopay off (operator/churn.ts), given by the caller that turned it off,
   * with the state it turned it off from: counted once per turn-off, whatever is stored when this
   * write runs (the provider's webhook for the same change may have been stored first).
   */
  churn?: { reason: ChurnReason; from: Membership } | null;
  /**
   * Whether the change emails the member (payment failed, autopay off, ended: mail/billing-emails.ts);
   * true unless told. Account deletion cancels with `false`: no "ended" email to a deleted member.
   */
  emails?: boolean;
}

/** Attempts at a write whose stored state keeps changing under it (each one a read and a script). */
const SAVE_ATTEMPTS = 8;

const MAIN = `
local current = redis.call('GET', K.record.membership)
if (current or '') ~= A.record.stored then return -1 end
-- The money moved, and the member gave their reason, whatever order the states arrive in: both are
-- recorded before the order is judged.
local charge = record_money()
count_churn_reason()
if current then
  local ok, decoded = pcall(cjson.decode, current)
  if ok and decoded.asOf and tonumber(decoded.asOf) > tonumber(A.record.as_of) then return 0 end
end
redis.call('SET', K.record.membership, A.record.json)
redis.call('SET', K.record.owner, A.record.sub)
index_member()
if current == A.record.json then return 1 end
audit_change(current, A.record.json, charge)
count_day()
if #A.member_mail.keys > 0 then
  local to = member_email()
  if not to or to == '' or string.find(to, '[%c%s]') then return 2 end
  queue_member_emails(to)
end
return 1`;

/** Each plan's price from the billing content: what a failed renewal asks when the provider does not say. */
const planPrices = () => {
  const { plans } = billingContent();
  return { monthly: plans.monthly.price, yearly: plans.yearly.price };
};

/** The script of one write: the steps of each domain around the record's own. */
function writeScript(
  sub: string,
  membership: Membership,
  stored: string | null,
  context: MembershipWriteContext,
  at: number,
): ReturnType<typeof assembleScript> & { emails: string[] } {
  const before = parseMembership(stored);
  const { churn } = context;
  const emails =
    context.emails === false
      ? []
      : billingEmails(before, membership, { at, prices: planPrices(), siteUrl: siteUrl() });
  const record: ScriptStep = {
    name: 'record',
    keys: { membership: membershipKey(sub), owner: customerOwnerKey(membership.customerId) },
    args: { json: JSON.stringify(membership), as_of: String(membership.asOf), sub, stored: stored ?? '' },
    lua: '',
  };
  const steps = [
    record,
    memberIndexStep({
      sub,
      at,
      email: context.email ? normalizeEmail(context.email) : '',
      promo: context.promo ?? '',
      customerId: membership.customerId,
    }),
    ledgerStep(ledgerEntryOf(sub, membership), at),
    auditStep({
      at,
      actor: context.actor ?? 'billing',
      action: context.action ?? 'billing.state',
      member: sub,
    }),
    figuresStep(before, membership, at),
    churnStep({
      sub,
      at,
      reason: churn && !churn.from.cancelAtPeriodEnd && membership.cancelAtPeriodEnd ? churn.reason : null,
      once: churn ? `${churn.from.subscriptionId}:${churn.from.asOf}` : '',
    }),
    billingEmailsStep(emails, at),
  ];
  return { ...assembleScript(steps, MAIN), emails: emails.map((e) => e.template) };
}

/**
 * Stores a member's subscription state (and customer → member), unless a newer state is stored,
 * with everything the domains keep beside it (see above). Two round trips: the stored state is
 * read, the write judged against it, then one script writes it all, or refuses when the state moved
 * meanwhile (then again, with the newer state). A state that keeps moving under every attempt is a
 * 409: the caller's change was not stored, and saying so is right for a member, an operator or a
 * webhook (Stripe sends it again).
 */
export async function saveMembership(
  store: Store,
  sub: string,
  membership: Membership,
  context: MembershipWriteContext = {},
): Promise<boolean> {
  const at = Math.floor(context.at ?? Date.now());
  for (let attempt = 1; ; attempt++) {
    const stored = await store.get<string>(membershipKey(sub));
    const write = writeScript(sub, membership, stored, context, at);
    const written = Number(await store.eval(write.script, write.keys, write.args));
    if (written === 2)
      console.error(
        `[mail] ${write.emails.join(', ')} for ${sub} not queued: the member has no email on file`,
      );
    if (written !== -1) return written >= 1;
    if (attempt >= SAVE_ATTEMPTS)
      throw new HttpError(
        409,
        'The membership was changing while this change was saved. Try again in a moment.',
      );
  }
}
