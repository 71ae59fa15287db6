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
  // A refusal is the answer, not a store failure: told apart before the report wraps failures.
  const result = await readReportStore(root, (store) =>
    refundLocalCharge(store, chargeId, values.amount ?? null, Date.now()).catch((error: unknown) => {
      if (error instanceof RefundRefusedError) return error;
      throw error;
    }),
  );
  if (result instanceof RefundRefusedError) {
    process.stderr.write(`${result.message}\n`);
    return 1;
  }
  process.stdout.write(
    `Refunded $${result.amount} of ${result.chargeId} (${result.id}): ${result.outcome}\n`,
  );
  return 0;
}

await runReport(main);
