/**
 * The scheduled member emails (docs/billing.md "What each event emails"): the renewal reminder
 * before a yearly renewal, and the card-expiring notice at the start of the month before a card on
 * file expires. Both walk the operator's member index (`ops:members`) a page at a time, each page's
 * memberships and emails read in one pipeline, and queue each email once per key (a daily job that
 * runs twice, or every day of the window, reminds once).
 */

import { CARD_BRANDS } from '../billing/card-brands.ts';
import {
  hasAccess,
  isComplimentary,
  type Membership,
  membershipKey,
  parseMembership,
} from '../billing/membership.ts';
import type { Billing, CardOnFile } from '../billing/port.ts';
import type { Deps } from '../deps.ts';
import { memberFields, opsKeys } from '../operator/keys.ts';
import type { Store } from '../store.ts';
import type { SomeBillingEmail } from './billing-emails.ts';
import { errorText } from './error-text.ts';
import { mailKeys } from './keys.ts';
import { dollars, longDate, monthYear } from './long-date.ts';
import { enqueueEmailCall, enqueueOutcome, type QueuedEmail } from './queue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The reminder goes out this long before a yearly renewal… */
export const REMINDER_BEFORE_MS = 7 * DAY_MS;
/** …but not when the renewal is this close: a day's notice is no notice (the job missed its days). */
export const REMINDER_TOO_LATE_MS = DAY_MS;
const PAGE = 200;
/** Provider calls at once (Stripe's rate limit is 100/s; a job is never in a hurry). */
const PROVIDER_CONCURRENCY = 4;

export interface MemberRow {
  sub: string;
  membership: Membership | null;
  email: string | null;
}

/** Every member of the operator's index, a page at a time: one ZRANGE and one pipeline a page. */
export async function* memberPages(store: Store, pageSize = PAGE): AsyncGenerator<MemberRow[]> {
  for (let start = 0; ; start += pageSize) {
    const subs = (await store.zrange(opsKeys.members, start, start + pageSize - 1)) as string[];
    if (subs.length === 0) return;
    const pipe = store.pipeline();
    for (const sub of subs) pipe.get(membershipKey(sub)).hget(opsKeys.member(sub), memberFields.email);
    const replies = await pipe.exec<unknown[]>();
    yield subs.map((sub, i) => {
      const email = replies[2 * i + 1];
      return {
        sub,
        membership: parseMembership(replies[2 * i]),
        email: typeof email === 'string' && email ? email : null,
      };
    });
    if (subs.length < pageSize) return;
  }
}

/** A paid membership that renews (autopay on) and has access now. */
const renews = (m: Membership | null, now: number): m is Membership =>
  m !== null &&
  !isComplimentary(m) &&
  !m.cancelAtPeriodEnd &&
  (m.status === 'active' || m.status === 'trialing' || m.status === 'past_due') &&
  hasAccess(m, now);

/** A yearly membership renewing within 7 days, and more than a day away. */
export function dueForReminder(m: Membership | null, now: number): m is Membership {
  if (!renews(m, now) || m.plan !== 'yearly' || m.status === 'past_due') return false;
  const left = m.currentPeriodEnd - now;
  return left <= REMINDER_BEFORE_MS && left > REMINDER_TOO_LATE_MS;
}

export interface JobResult {
  queued: number;
  /** Already queued (or sent) for the same key: nothing new. */
  already: number;
  /** Due, but the member has no email on file. */
  noEmail: number;
  /** Due, but the provider could not say what to write (the price): tried again on the next run. */
  failed: number;
}

type JobDeps = Pick<Deps, 'store' | 'now'> & { billing: () => Promise<Billing> };

/** `renewal-reminder` for each yearly member whose renewal is 1 to 7 days away (daily job). */
export async function queueRenewalReminders(deps: JobDeps): Promise<JobResult> {
  const now = deps.now();
  return forEachPage(deps, async (rows, billing) => {
    const due = rows.filter((r): r is MemberRow & { membership: Membership } =>
      dueForReminder(r.membership, now),
    );
    return Promise.all(
      due.map(async (row) => {
        const m = row.membership;
        return {
          row,
          key: `renewal-reminder:${m.subscriptionId}:${m.currentPeriodEnd}`,
          // What the renewal will charge: the member's own price (promo applied), the one the ledger
          // and MRR count; the provider is asked only for a record stored before it was kept.
          email: async () => ({
            template: 'renewal-reminder' as const,
            data: {
              price: dollars(m.price ?? (await billing.nextCharge(m)).amount),
              chargeDate: longDate(m.currentPeriodEnd),
            },
          }),
        };
      }),
    );
  });
}

const brandName = (brand: string) => CARD_BRANDS[brand] ?? (brand === 'unknown' ? 'Your' : brand);

/** The month after `now`'s (UTC): the card-expiring job's month. */
export function nextMonth(now: number): { month: number; year: number } {
  const d = new Date(now);
  const m = d.getUTCMonth() + 1;
  return m === 12 ? { month: 1, year: d.getUTCFullYear() + 1 } : { month: m + 1, year: d.getUTCFullYear() };
}

/** `card-expiring` for each renewing member whose card on file expires at the end of next month (monthly job). */
export async function queueCardExpiring(deps: JobDeps): Promise<JobResult> {
  const now = deps.now();
  const { month, year } = nextMonth(now);
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  return forEachPage(deps, async (rows, billing) => {
    const renewing = rows.filter((r): r is MemberRow & { membership: Membership } =>
      renews(r.membership, now),
    );
    // Only the members not yet told this month ask the provider for their card.
    const cards = await mapLimit(renewing, PROVIDER_CONCURRENCY, async (row) => ({
      row,
      card: await billing.cardOnFile(row.membership).catch((error: unknown) => {
        console.error(`[mail] card-expiring: the card of ${row.sub} could not be read: ${String(error)}`);
        return null;
      }),
    }));
    return cards
      .filter(
        (c): c is { row: (typeof c)['row']; card: CardOnFile } =>
          c.card?.expMonth === month && c.card.expYear === year,
      )
      .map(({ row, card }) => ({
        row,
        key: `card-expiring:${row.sub}:${ym}`,
        email: async () => ({
          template: 'card-expiring' as const,
          data: {
            cardBrand: brandName(card.brand),
            cardLast4: card.last4,
            expiry: monthYear(month, year),
            // The renewal the card pays next, at the member's own price (as the renewal reminder).
            price: dollars(row.membership.price ?? (await billing.nextCharge(row.membership)).amount),
            chargeDate: longDate(row.membership.currentPeriodEnd),
          },
        }),
      }));
  });
}

interface Candidate {
  row: MemberRow;
  key: string;
  /** The email's content, computed only for a key not yet queued (it may ask the provider). */
  email: () => Promise<Omit<SomeBillingEmail, 'key'>>;
}

/**
 * Walks the members; for each page, `pick` names the emails due, then one pipeline checks which
 * keys are new, their contents are computed (at most PROVIDER_CONCURRENCY at once) and one pipeline
 * queues them.
 */
async function forEachPage(
  deps: JobDeps,
  pick: (rows: MemberRow[], billing: Billing) => Promise<Candidate[]>,
): Promise<JobResult> {
  const now = deps.now();
  const result: JobResult = { queued: 0, already: 0, noEmail: 0, failed: 0 };
  const keys = mailKeys();
  let billing: Billing | undefined;
  for await (const rows of memberPages(deps.store)) {
    billing ??= await deps.billing();
    const picked = await pick(rows, billing);
    const withEmail = picked.filter((c) => {
      if (c.row.email) return true;
      result.noEmail++;
      console.error(`[mail] ${c.key} not queued: the member has no email on file`);
      return false;
    });
    if (withEmail.length === 0) continue;
    const seen = await withEmail
      .reduce((p, c) => p.exists(keys.once(c.key)), deps.store.pipeline())
      .exec<number[]>();
    const fresh = withEmail.filter((_, i) => Number(seen[i]) === 0);
    result.already += withEmail.length - fresh.length;
    if (fresh.length === 0) continue;
    // A provider error for one member skips that member (logged; tomorrow's run asks again), not the run.
    const emails = await mapLimit(fresh, PROVIDER_CONCURRENCY, async (c) => ({
      c,
      content: await c.email().catch((error: unknown) => {
        result.failed++;
        console.error(`[mail] ${c.key} not queued: ${errorText(error)}`);
        return null;
      }),
    }));
    const ready = emails.filter((e) => e.content !== null);
    if (ready.length === 0) continue;
    const pipe = deps.store.pipeline();
    for (const { c, content } of ready) {
      const call = enqueueEmailCall(
        { key: c.key, to: c.row.email ?? '', ...content } as QueuedEmail,
        now,
        keys,
      );
      pipe.eval(call.script, call.keys, call.args);
    }
    for (const reply of await pipe.exec<unknown[]>()) {
      if (enqueueOutcome(reply) === 'queued') result.queued++;
      else result.already++;
    }
  }
  return result;
}

/** `work` over `items`, at most `limit` at once, results in order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
