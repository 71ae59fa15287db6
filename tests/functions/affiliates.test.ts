import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REFERRED_PAYMENTS_KEY, referredPayments } from '../../functions/_lib/billing/local-referrals.ts';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import chargeFn from '../../functions/charge.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

// A referred charge through the function with local test-mode billing on real Redis: the referral
// reaches the adapter, is stored with the membership, and `npm run affiliates:report` lists it.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOOD = 'tok_local_4242424242424242';
const { store } = getDeps();

async function charge(body: Record<string, unknown>) {
  const sub = `auth0|${randomUUID()}`;
  const response = await chargeFn(
    post(
      '/api/charge',
      { email: 'referred@example.com', planID: 'monthly', token: GOOD, promo: null, ...body },
      await authHeader({ sub }),
    ),
  );
  const membership = JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null');
  return { sub, status: response.status, body: await response.json(), membership };
}

/** The report command as a member of staff runs it, on the test store (its env is inherited). */
async function report(): Promise<{ commissionPercent: number; referred: Array<Record<string, string>> }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/affiliates-report.ts', '--json'], {
    cwd: ROOT,
    env: process.env,
  });
  return JSON.parse(stdout);
}

const newReferral = () => `aff_${randomUUID().slice(0, 8)}`;

describe('a referred charge (local billing)', () => {
  it('stores the referral with the membership and the payment for the report, 30% exactly', async () => {
    const via = newReferral();
    const clickId = randomUUID();
    const paid = await charge({ referral: via, referralClick: clickId, planID: 'yearly', promo: 'YEARLY20' });
    expect(paid.status).toBe(200);
    expect(paid.membership).toMatchObject({ plan: 'yearly', referral: via });

    const recorded = (await referredPayments(store)).find((p) => p.referral === via);
    expect(recorded).toMatchObject({
      clickId,
      memberSub: paid.sub,
      email: 'referred@example.com',
      plan: 'yearly',
      amount: '479.99', // 599.99 less 20 %, to the cent
      subscriptionId: paid.membership.subscriptionId,
    });

    const { commissionPercent, referred } = await report();
    expect(commissionPercent).toBe(30);
    expect(referred.find((r) => r.referral === via)).toEqual({
      referral: via,
      member: 'referred@example.com',
      plan: 'yearly',
      amount: '479.99',
      date: new Date(recorded?.paidAt ?? 0).toISOString().slice(0, 10),
      commission: '143.997',
    });
  });

  it('prints a readable table with totals', async () => {
    const via = newReferral();
    await charge({ referral: via });
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/affiliates-report.ts'], {
      cwd: ROOT,
      env: process.env,
    });
    expect(stdout).toContain('Referred memberships (local billing), 30% commission');
    expect(stdout).toMatch(/Referral\s+Member\s+Plan\s+Amount\s+Date\s+Commission \(30%\)/);
    expect(stdout).toMatch(
      new RegExp(`${via}\\s+referred@example.com\\s+monthly\\s+64.99\\s+\\d{4}-\\d\\d-\\d\\d\\s+19.497`),
    );
    expect(stdout).toMatch(/^Total: \d+ referred, [\d.]+ paid, [\d.]+ commission$/m);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['unsafe characters', 'abc<script>'],
    ['a cookie separator', 'abc;path=/'],
    ['not a string', 12345],
    ['empty', ''],
  ])('ignores a bad referral id (%s): the payment goes through, unattributed', async (_what, referral) => {
    const before = await store.zcard(REFERRED_PAYMENTS_KEY);
    const paid = await charge({ referral, referralClick: 'not-a-uuid' });
    expect(paid.status).toBe(200);
    expect(paid.membership).not.toHaveProperty('referral');
    expect(await store.zcard(REFERRED_PAYMENTS_KEY)).toBe(before);
  });

  it('a charge without a referral records none', async () => {
    const paid = await charge({});
    expect(paid.status).toBe(200);
    expect(paid.membership).not.toHaveProperty('referral');
    expect((await referredPayments(store)).some((p) => p.memberSub === paid.sub)).toBe(false);
  });
});
