import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_READ } from '../../functions/_lib/auth/claims.ts';
import type { AuditEntry, UndeliverableEmail } from '../../functions/_lib/contract/operator.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { loadEmailBundle } from '../../functions/_lib/mail/content.ts';
import { drainQueue } from '../../functions/_lib/mail/drain.ts';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import { enqueueEmail, type QueuedEmail } from '../../functions/_lib/mail/queue.ts';
import { readUndeliverable } from '../../functions/_lib/operator/emails.ts';
import auditFn from '../../functions/operator-audit.ts';
import emailsFn from '../../functions/operator-emails.ts';
import retryFn from '../../functions/operator-emails-retry.ts';
import { mailerFor, suiteMailCatcher } from '../support/mail-catcher.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { call, newSub, operator, paidMember as paidMemberOf } from '../support/operator.ts';
import { startRefusingSmtp } from '../support/refusing-smtp.ts';
import { storeRequests } from '../support/round-trips.ts';
import { authHeader } from '../support/tokens.ts';

/**
 * The operator's undeliverable emails (docs/operator.md) on real Redis and real SMTP servers: a
 * server that refuses the recipient (550) dead-letters an email, the operator lists it with the
 * member it was for, queues it again once (whoever asks at the same time), and the next drain
 * delivers it to the mail catcher.
 *
 * The endpoints read the product's own queue (`mail:`), shared with every suite running at once
 * (a charge queues its welcome email, due now). So this suite queues its emails due in 2001 and
 * drains at that time: a drain only claims what is due, so it never touches another suite's
 * emails. Each test finds its own emails by their keys among others'.
 */
const deps = getDeps();
const { store } = deps;
const emails = loadEmailBundle(new URL('../../', import.meta.url).pathname);

const catcher = suiteMailCatcher();
let refusing: Awaited<ReturnType<typeof startRefusingSmtp>>;
beforeAll(async () => {
  refusing = await startRefusingSmtp();
});
afterAll(async () => {
  await refusing?.stop();
});

/** A moment in 2001 no other test uses: nothing else in the queue is due then. */
const past = () => Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 300 * 86_400_000);

/** A member who paid (local billing), their email in mixed case. */
const paidMember = () => paidMemberOf(store, { email: `Failing.${randomUUID().slice(0, 8)}@Example.com` });

const paymentFailed = (to: QueuedEmail['to']): QueuedEmail<'payment-failed'> => ({
  key: `payment-failed:in_${randomUUID().replaceAll('-', '')}:1`,
  to,
  template: 'payment-failed',
  data: { amount: '$64.99', retryDate: 'January 7, 2027' },
});

/** Queues an email due at `at` and drains at `at` against the refusing server: it is dead-lettered. */
async function undeliverable(email: QueuedEmail<'payment-failed'>, at: number) {
  expect(await enqueueEmail(store, email, at)).toBe('queued');
  await drainQueue(store, mailerFor(refusing.port), at, { emails });
}

const list = async (headers?: Record<string, string>) => {
  const answer = await call(emailsFn, 'operator/emails', headers ?? (await operator()));
  expect(answer.status, answer.text).toBe(200);
  return answer.json as {
    emails: UndeliverableEmail[];
    total: number;
    queue: { waiting: number; next: { due: number; tries: number } | null };
  };
};
const find = async (key: string) => (await list()).emails.find((email) => email.key === key);
const retry = async (key: string) => call(retryFn, 'operator/emails/retry', await operator(), { key });

describe('who may see and resend undeliverable emails', () => {
  it('refuses a member and a signed-in user (403) on both calls', async () => {
    for (const membership of [activeMembership(), null]) {
      const { headers } = await signedIn(store, membership);
      for (const [fn, path, body] of [
        [emailsFn, 'operator/emails', {}],
        [retryFn, 'operator/emails/retry', { key: 'welcome:auth0|x' }],
      ] as const) {
        const answer = await call(fn, path, headers, body);
        expect(answer.status, path).toBe(403);
        expect(answer.json).toEqual({ error: 'Operator access required' });
      }
    }
  });

  it('lets a read-only operator list them but not resend one', async () => {
    const readOnly = await authHeader({ sub: newSub(), permissions: [OPERATOR_READ] });
    await list(readOnly);
    const answer = await call(retryFn, 'operator/emails/retry', readOnly, { key: 'welcome:auth0|x' });
    expect(answer.status).toBe(403);
  });
});

describe('the undeliverable emails', () => {
  it('lists an email the mail server refused (550), newest first, with its member, tries and error', async () => {
    const { sub, email } = await paidMember();
    const at = past();
    const first = paymentFailed({ address: email, name: 'Ann Lee' });
    const second = paymentFailed(email.toLowerCase());
    await undeliverable(first, at);
    await undeliverable(second, at + 1);

    const answer = await list();
    const mine = answer.emails.filter((e) => e.key === first.key || e.key === second.key);
    // Newest first: the second was given up on after the first.
    expect(mine.map((e) => e.key)).toEqual([second.key, first.key]);
    expect(mine[1]).toEqual({
      at,
      template: 'payment-failed',
      key: first.key,
      tries: 1,
      error: expect.stringMatching(/550 5\.1\.1 No such mailbox here/),
      to: email,
      member: sub,
      retryable: true,
    });
    expect(mine[0]?.member).toBe(sub);
    expect(answer.total).toBeGreaterThanOrEqual(2);
    expect(answer.emails.length).toBeLessThanOrEqual(100);
  });

  it('shows an address no member has unlinked, and an email refused at the door as not resendable', async () => {
    const stranger = paymentFailed(`nobody-${randomUUID().slice(0, 8)}@example.com`);
    await undeliverable(stranger, past());
    expect(await find(stranger.key)).toMatchObject({ member: null, retryable: true });

    const injected = paymentFailed({ address: 'victim@example.com', name: 'Eve\r\nBcc: x@example.com' });
    expect(await enqueueEmail(store, injected, past())).toBe('refused');
    expect(await find(injected.key)).toMatchObject({
      tries: 0,
      error: 'Refused: the name holds a line break or control character',
      retryable: false,
    });
    const answer = await retry(injected.key);
    expect(answer.status).toBe(409);
    expect(answer.json.error).toMatch(/cannot be queued again: it can't be sent as it is: the name holds/);
    expect(await find(injected.key)).toBeDefined();
  });

  it('says how many emails wait and when the first is due, in one store round trip', async () => {
    // Due in 1970: before anything any suite queues, so the first of the queue.
    const at = 1 + Math.floor(Math.random() * 1_000_000);
    const waiting = paymentFailed(`waiting-${randomUUID().slice(0, 8)}@example.com`);
    expect(await enqueueEmail(store, waiting, at)).toBe('queued');
    try {
      const { result, requests } = await storeRequests(() => readUndeliverable({ store }));
      expect(requests).toBe(1);
      expect(result.queue.waiting).toBeGreaterThanOrEqual(1);
      expect(result.queue.next).toEqual({
        key: waiting.key,
        template: 'payment-failed',
        due: at,
        queuedAt: at,
        tries: 0,
        lastError: null,
      });
    } finally {
      // Sent to the catcher, so the queue holds nothing of this suite's.
      await drainQueue(store, mailerFor(catcher.smtpPort), at, { emails });
    }
  });

  it('refuses to resend an email it does not hold (404)', async () => {
    const answer = await retry(`payment-failed:in_${randomUUID()}:1`);
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatch(/^No undeliverable email with the key 'payment-failed:in_/);
  });
});

describe('sending one again', () => {
  it('requeues it once when two operators ask at once; the next drain delivers it; the audit log says who', async () => {
    const { sub, email } = await paidMember();
    const at = past();
    const failed = paymentFailed({ address: email, name: 'Ann Lee' });
    await undeliverable(failed, at);
    expect(await find(failed.key)).toMatchObject({ retryable: true, member: sub });

    // The retry is due "now": this suite's clock stands an hour after the failure, still in 2001.
    const real = deps.now;
    deps.now = () => at + 3_600_000;
    let answers: Array<Awaited<ReturnType<typeof retry>>>;
    try {
      answers = await Promise.all([retry(failed.key), retry(failed.key)]);
    } finally {
      deps.now = real;
    }
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)?.json).toEqual({ key: failed.key, due: at + 3_600_000 });
    expect(answers.find((a) => a.status === 409)?.json.error).toMatch(/is queued again already/);

    // Out of the list, in the queue once, with a fresh set of tries.
    expect(await find(failed.key)).toBeUndefined();
    const keys = mailKeys();
    expect(Number(await store.zscore(keys.queue, failed.key))).toBe(at + 3_600_000);
    expect(JSON.parse(String(await store.hget(keys.jobs, failed.key)))).toMatchObject({
      tries: 0,
      template: 'payment-failed',
      data: failed.data,
    });
    expect((await retry(failed.key)).status).toBe(409);

    const drained = await drainQueue(store, mailerFor(catcher.smtpPort), at + 3_600_000, { emails });
    expect(drained.sent).toBeGreaterThanOrEqual(1);
    const received = await catcher.received(email);
    expect(received.map((m) => m.subject)).toEqual(['Your OTC Edge payment did not go through']);
    expect(await store.hexists(keys.jobs, failed.key)).toBe(0);
    expect((await retry(failed.key)).status).toBe(404);

    const audit = await call(auditFn, 'operator/audit', await operator(), { member: sub });
    const entries = (audit.json as { entries: AuditEntry[] }).entries;
    const entry = entries.find((e) => e.action === 'operator.email-retry');
    expect(entries.filter((e) => e.action === 'operator.email-retry')).toHaveLength(1);
    expect(entry).toMatchObject({
      member: sub,
      actor: { email: 'ops@example.com' },
      before: { key: failed.key, template: 'payment-failed', tries: 1 },
      after: { key: failed.key, due: at + 3_600_000, tries: 0 },
    });
  });
});
