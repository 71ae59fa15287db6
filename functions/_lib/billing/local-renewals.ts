/**
 * The local billing's renewal clock (docs/billing.md "Local renewals"): what Stripe does by itself
 * on its own clock, done by a scheduled job (functions/billing-local-renewals.ts) so the product
 * behaves locally as in production. For each local subscription whose time has come:
 * - autopay on, period ended → the card on file is charged: paid → the next period; refused →
 *   past_due (the period moves on, as Stripe's invoice does) and retried 1, 3 and 5 days after the
 *   failure; the last refusal cancels it (Stripe's "cancel the subscription" after all retries);
 * - autopay off, period ended → canceled.
 * Every change goes through saveMembership (the emails and the operator's figures follow) and the
 * member's chat access follows, as the Stripe webhook does (webhook.ts).
 */
import { followMembership } from '../chat/access.ts';
import type { ChatPorts } from '../chat/chat-ports.ts';
import type { Deps } from '../deps.ts';
import { logWarning } from '../http/log.ts';
import { withLock } from '../store-lock.ts';
import { chargeLockKey } from './billing.ts';
import {
  chargeCard,
  type LocalCard,
  localCustomer,
  localKeys,
  localPromoCode,
  localRenewalPrice,
  periodEnd,
  recordLocalCharge,
  saveLocalSubscription,
} from './local-billing.ts';
import type { Membership, MembershipCharge } from './membership.ts';
import { saveMembership } from './membership-write.ts';
import { CardError } from './port.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Retries of a failed renewal, in days after the failure (Stripe's smart retries are about this). */
export const RETRY_DAYS = [1, 3, 5] as const;
/** Subscriptions handled per read of the clock; a run goes on until none is due. */
const BATCH = 50;
const LOCK_MS = 60_000;

export type RenewalOutcome = 'renewed' | 'failed' | 'retry-failed' | 'recovered' | 'canceled' | 'skipped';

export interface RenewalsRun {
  renewed: number;
  failed: number;
  recovered: number;
  canceled: number;
  skipped: number;
}

type RenewalDeps = Pick<Deps, 'store' | 'now'> & ChatPorts;

/** Every local subscription due by now, each once. */
export async function runLocalRenewals(deps: RenewalDeps): Promise<RenewalsRun> {
  const now = deps.now();
  const run: RenewalsRun = { renewed: 0, failed: 0, recovered: 0, canceled: 0, skipped: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = (await deps.store.zrange(localKeys.renewals, '-inf', now, {
      byScore: true,
      offset: 0,
      count: BATCH + seen.size,
    })) as string[];
    const fresh = due.filter((id) => !seen.has(id));
    if (fresh.length === 0) return run;
    for (const id of fresh) {
      seen.add(id);
      const outcome = await renewOne(deps, id, now);
      if (outcome === 'renewed') run.renewed++;
      else if (outcome === 'failed' || outcome === 'retry-failed') run.failed++;
      else run[outcome]++;
    }
  }
}

/** One subscription's due step, under the member's payment lock (a card update waits its turn). */
export async function renewOne(
  deps: RenewalDeps,
  subscriptionId: string,
  now: number,
): Promise<RenewalOutcome> {
  const { store } = deps;
  const raw = await store.get<string>(localKeys.subscription(subscriptionId));
  if (!raw) {
    await store.zrem(localKeys.renewals, subscriptionId);
    return 'skipped';
  }
  const owner = await localCustomer(store, (JSON.parse(raw) as Membership).customerId);
  const sub = typeof owner.sub === 'string' ? owner.sub : null;
  if (!sub) return 'skipped';
  try {
    const outcome = await withLock(
      store,
      chargeLockKey(sub),
      LOCK_MS,
      () => new Error('busy'),
      async () => {
        // Read again under the lock: a card update may have paid it meanwhile.
        const current = JSON.parse(
          (await store.get<string>(localKeys.subscription(subscriptionId))) ?? 'null',
        ) as Membership | null;
        if (!current) return { outcome: 'skipped' as const, next: null };
        const card = ((await localCustomer(store, current.customerId)).card ?? null) as LocalCard | null;
        const step = await nextState(store, current, card, now);
        if (!step) return { outcome: 'skipped' as const, next: null };
        await saveLocalSubscription(store, step.next);
        await saveMembership(store, sub, step.next, { at: now });
        return step;
      },
    );
    if (outcome.next) await followMembership(deps, sub);
    return outcome.outcome;
  } catch (error) {
    // Another run or a payment holds the member: the next run sees the subscription again.
    if (!(error instanceof Error && error.message === 'busy')) logWarning('a local renewal failed', error);
    return 'skipped';
  }
}

/** What the clock does to a subscription at `now`, or null when nothing is due. */
async function nextState(
  store: RenewalDeps['store'],
  m: Membership,
  card: LocalCard | null,
  now: number,
): Promise<{ outcome: RenewalOutcome; next: Membership } | null> {
  const { pastDueSince: _since, nextRetryAt: _retry, amountDue: _amount, latestCharge: _last, ...clean } = m;
  const live = m.status === 'active' || m.status === 'trialing' || m.status === 'past_due';
  if (!live) return null;
  if (m.cancelAtPeriodEnd && now >= m.currentPeriodEnd)
    return { outcome: 'canceled', next: { ...clean, status: 'canceled', asOf: now } };
  const price = m.amountDue ?? m.price ?? (await localRenewalPrice(store, m));
  const promo = await localPromoCode(store, m);
  // Each attempt is a charge of its own in local billing's list (and the ledger), paid or refused.
  const attempt = async (): Promise<{ paid: boolean; latestCharge: MembershipCharge }> => {
    let paid = true;
    try {
      chargeCard(card, now);
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      paid = false;
    }
    const latestCharge = await recordLocalCharge(store, {
      customerId: m.customerId,
      subscriptionId: m.subscriptionId,
      kind: paid ? 'charge' : 'failed',
      amount: price,
      at: now,
      promo,
    });
    return { paid, latestCharge };
  };
  if (m.status === 'past_due') {
    if (now < (m.nextRetryAt ?? Number.POSITIVE_INFINITY)) return null;
    const { paid, latestCharge } = await attempt();
    if (paid) return { outcome: 'recovered', next: { ...clean, status: 'active', asOf: now, latestCharge } };
    const since = m.pastDueSince ?? now;
    const retry = RETRY_DAYS.map((d) => since + d * DAY_MS).find((at) => at > (m.nextRetryAt ?? now));
    if (retry === undefined)
      return { outcome: 'canceled', next: { ...clean, status: 'canceled', asOf: now, latestCharge } };
    return { outcome: 'retry-failed', next: { ...m, nextRetryAt: retry, asOf: now, latestCharge } };
  }
  if (now < m.currentPeriodEnd) return null;
  // A renewal: the next period starts where this one ended, paid or not (Stripe's invoice).
  const next = {
    ...clean,
    status: 'active' as const,
    currentPeriodEnd: periodEnd(m.currentPeriodEnd, m.plan),
  };
  const { paid, latestCharge } = await attempt();
  if (paid) return { outcome: 'renewed', next: { ...next, asOf: now, latestCharge } };
  return {
    outcome: 'failed',
    next: {
      ...next,
      status: 'past_due',
      pastDueSince: now,
      nextRetryAt: now + (RETRY_DAYS[0] ?? 1) * DAY_MS,
      amountDue: price,
      asOf: now,
      latestCharge,
    },
  };
}
