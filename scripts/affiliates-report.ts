import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commissionUnits, formatUnits } from '../functions/_lib/affiliates/commission.ts';
import { type ReferredPayment, referredPayments } from '../functions/_lib/billing/local-referrals.ts';
import { site } from '../site/lib/site.ts';
import { readReportStore, runReport } from './local/report-cli.ts';

/**
 * `npm run affiliates:report [-- --json]`: the memberships local billing sold through an affiliate
 * link — referral id, member, plan, amount paid, date and the affiliate's commission
 * (content/site.json `affiliateCommissionPercent`) with exact decimals. Reads the store named by
 * UPSTASH_REDIS_REST_URL/TOKEN, else the one of the running `npm start`. With Stripe, Rewardful's
 * dashboard is the report (it pays on every invoice; this lists first payments made locally).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const percent = site.affiliateCommissionPercent;

function row(payment: ReferredPayment) {
  return {
    referral: payment.referral,
    member: payment.email ?? payment.memberSub,
    plan: payment.plan,
    amount: payment.amount,
    date: new Date(payment.paidAt).toISOString().slice(0, 10),
    commission: formatUnits(commissionUnits(payment.amount, percent)),
  };
}

function table(rows: Array<Record<string, string>>, headings: Record<string, string>): string {
  const columns = Object.keys(headings);
  const width = (column: string) =>
    Math.max((headings[column] ?? '').length, ...rows.map((r) => (r[column] ?? '').length));
  const line = (cells: Record<string, string>) =>
    columns
      .map((c) => (cells[c] ?? '').padEnd(width(c)))
      .join('  ')
      .trimEnd();
  return [line(headings), ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const payments = await readReportStore(root, referredPayments);
  const rows = payments.map(row);
  const paid = payments.reduce((sum, p) => sum + commissionUnits(p.amount, 100), 0);
  const owed = payments.reduce((sum, p) => sum + commissionUnits(p.amount, percent), 0);
  const totals = { memberships: rows.length, amount: formatUnits(paid), commission: formatUnits(owed) };
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ commissionPercent: percent, referred: rows, totals }, null, 2)}\n`,
    );
    return 0;
  }
  process.stdout.write(`Referred memberships (local billing), ${percent}% commission\n\n`);
  if (rows.length === 0) {
    process.stdout.write('None yet: open any page with ?via=<affiliate id>, sign up and pay.\n');
    return 0;
  }
  const headings = {
    referral: 'Referral',
    member: 'Member',
    plan: 'Plan',
    amount: 'Amount',
    date: 'Date',
    commission: `Commission (${percent}%)`,
  };
  process.stdout.write(`${table(rows, headings)}\n\n`);
  process.stdout.write(
    `Total: ${totals.memberships} referred, ${totals.amount} paid, ${totals.commission} commission\n`,
  );
  return 0;
}

await runReport(main);
