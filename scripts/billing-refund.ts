import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RefundRefusedError, refundLocalCharge } from '../functions/_lib/billing/local-refunds.ts';
import { readReportStore, runReport } from './local/report-cli.ts';

/**
 * `npm run billing:refund -- CHARGE_ID [--amount 10.50]`: refunds a charge of local billing (all
 * that is left of it without --amount), as an operator would in Stripe's dashboard; the ledger and
 * the console's figures record it as they would Stripe's. Charge ids are in the console's audit log
 * and `ledger:entries`. Against the store named by UPSTASH_REDIS_REST_URL/TOKEN, else the running
 * `npm start`'s. Exits 1 with the reason when the refund is refused (unknown charge, more than is left).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { amount: { type: 'string' } },
  });
  const chargeId = positionals[0];
  if (!chargeId) throw new Error('Usage: npm run billing:refund -- CHARGE_ID [--amount 10.50]');
  try {
    const refund = await readReportStore(root, (store) =>
      refundLocalCharge(store, chargeId, values.amount ?? null, Date.now()),
    );
    process.stdout.write(
      `Refunded $${refund.amount} of ${refund.chargeId} (${refund.id}): ${refund.outcome}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

await runReport(main);
