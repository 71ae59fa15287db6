import { createClient } from 'redis';
import { mrrFromArr } from '../../functions/_lib/billing/member-price.ts';
import { ledgerKeys } from '../../functions/_lib/ledger/keys.ts';
import { CHURN_REASON_CODES } from '../../functions/_lib/operator/churn.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';

/**
 * What operator/metrics reads, as the product writes it, for about `members` members over `days`
 * days up to yesterday: each day's snapshot (operator/snapshot.ts), the ledger's day totals
 * (ledger/keys.ts, integer cents, every day of the year and today), the day counts of the last
 * month (operator/figures.ts), and a full list of churn reasons. For the benchmarks.
 */
export async function seedMetricsYear(redisUrl: string, members: number, days: number): Promise<void> {
  const redis = await createClient({ url: redisUrl }).connect();
  const DAY = 86_400_000;
  const today = Date.now();
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  // A member's year in cents: 64.99 monthly, 58.49 with WELCOME10, 599.99 yearly.
  const arrOf = (monthly: number, yearly: number) =>
    Math.round(monthly * 0.8) * 77_988 + (monthly - Math.round(monthly * 0.8)) * 70_188 + yearly * 59_999;
  try {
    const snapshots: Record<string, string> = {};
    const multi = redis.multi();
    for (let i = days; i >= 1; i--) {
      const day = dayOf(today - i * DAY);
      const active = {
        monthly: Math.round(members * 0.6) + (i % 50),
        yearly: Math.round(members * 0.3) - (i % 40),
      };
      const arr = arrOf(active.monthly, active.yearly);
      const lost = 90 + (i % 13);
      snapshots[day] = JSON.stringify({
        day,
        active,
        pastDue: 900 + (i % 30),
        new: 120 + (i % 17),
        reactivated: 8 + (i % 5),
        cancelled: 60 + (i % 11),
        lost,
        arr,
        arrAdded: (128 + (i % 17)) * 75_000,
        arrLost: lost * 74_000,
        mrr: mrrFromArr(arr),
      });
    }
    multi.hSet(opsKeys.snapshots, snapshots);
    for (let i = days; i >= 0; i--) {
      const charges = 150 + (i % 23);
      multi.hSet(ledgerKeys.day(dayOf(today - i * DAY)), {
        collected: String(charges * 6_100),
        refunded: String((i % 4) * 6_499),
        failed: String((10 + (i % 7)) * 6_499),
        charges: String(charges),
        refunds: String(i % 4),
        failures: String(10 + (i % 7)),
      });
    }
    for (let i = 30; i >= 0; i--)
      multi.hSet(opsKeys.day(dayOf(today - i * DAY)), {
        new: '40',
        cancelled: '12',
        lost: '20',
        monthly: '15',
        yearly: '5',
        arr: String(15 * 77_988 + 5 * 59_999),
        arrAdded: String(40 * 75_000),
        arrLost: String(20 * 74_000),
      });
    multi.hSet(
      opsKeys.churnReasons,
      Object.fromEntries(CHURN_REASON_CODES.map((code, i) => [code, String(100 * (i + 1))])),
    );
    for (let i = 0; i < 1000; i++)
      multi.lPush(
        opsKeys.churnRecent,
        JSON.stringify({ at: today - i * 60_000, sub: `auth0|bench${i}`, code: 'other', text: 'Too busy' }),
      );
    await multi.execAsPipeline();
  } finally {
    await redis.quit();
  }
}
