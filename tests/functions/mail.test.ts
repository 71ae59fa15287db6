import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEmailBundle } from '../../functions/_lib/mail/content.ts';
import { drainQueue, queuedEmails, readFailedEmails, retryDelay } from '../../functions/_lib/mail/drain.ts';
import { type MailKeys, mailKeys } from '../../functions/_lib/mail/keys.ts';
import { MailError } from '../../functions/_lib/mail/port.ts';
import {
  enqueueEmail,
  enqueueEmailCall,
  enqueueOutcome,
  LEASE_MS,
  MAX_TRIES,
  type QueuedEmail,
} from '../../functions/_lib/mail/queue.ts';
import { createStore } from '../../functions/_lib/store.ts';
import { startMailCatcher } from '../../scripts/local/mail-catcher.ts';
import { closedPort, mailerFor, sentTo, suiteMailCatcher } from '../support/mail-catcher.ts';

/**
 * The mail queue against the real store and a real SMTP server (the local mail catcher, MailDev):
 * an event delivered ten times sends one email; a mail server that is down is retried with
 * back-off and the email arrives once it is back; after the cap it lands in the dead-letter list;
 * header injection is refused; a Unicode address is delivered. Time is driven with `now`.
 */
const store = createStore({
  url: process.env.UPSTASH_REDIS_REST_URL ?? '',
  token: process.env.UPSTASH_REDIS_REST_TOKEN ?? '',
});
const emails = loadEmailBundle(new URL('../../', import.meta.url).pathname);
const T0 = Date.UTC(2027, 0, 4, 9, 0, 0);

const catcher = suiteMailCatcher();

/** Each test its own queue (keys under a random prefix) and its own recipient. */
function fresh(): { keys: MailKeys; to: string } {
  const id = randomUUID();
  return { keys: mailKeys(`t:${id}:mail:`), to: `member-${id.slice(0, 8)}@example.com` };
}

const received = (address: string) => catcher.received(address);

const welcome = (key: string, to: QueuedEmail['to']): QueuedEmail<'welcome'> => ({
  key,
  to,
  template: 'welcome',
  data: { plan: 'Monthly', price: '$64.99', nextChargeDate: 'February 4, 2027' },
});

describe('exactly once', () => {
  it('an event delivered 10 times (6 at once, then 4 more) queues and sends one email', async () => {
    const { keys, to } = fresh();
    const key = `evt_${randomUUID()}:welcome`;
    const atOnce = await Promise.all(
      Array.from({ length: 6 }, () => enqueueEmail(store, welcome(key, to), T0, keys)),
    );
    const later: string[] = [];
    for (let i = 0; i < 4; i++) later.push(await enqueueEmail(store, welcome(key, to), T0 + i * 1000, keys));
    expect([...atOnce, ...later].sort()).toEqual(['queued', ...Array(9).fill('duplicate')].sort());

    const mailer = mailerFor(catcher.smtpPort);
    expect(await drainQueue(store, mailer, T0, { emails, keys })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await drainQueue(store, mailer, T0 + 3_600_000, { emails, keys })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    // Delivered again after it was sent: still nothing.
    expect(await enqueueEmail(store, welcome(key, to), T0 + 86_400_000, keys)).toBe('duplicate');
    expect(await drainQueue(store, mailer, T0 + 86_400_000, { emails, keys })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });

    const messages = await received(to);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.subject).toBe('Welcome to OTC Edge');
    expect(message?.from[0]).toEqual({ address: 'members@localhost', name: 'OTC Edge' });
    expect(message?.text).toContain('Your Monthly membership is active. You paid $64.99');
    expect(message?.text).toContain(
      'You are receiving this email because you just became a member of OTC Edge',
    );
    expect(message?.html).toContain('<strong>Monthly</strong>');
    expect(message?.headers['x-entity-ref-id']).toBe(key);
  });

  it('the web inbox lists what arrived, as a newcomer sees it', async () => {
    const { keys, to } = fresh();
    await enqueueEmail(store, welcome(`evt_${randomUUID()}`, to), T0, keys);
    await drainQueue(store, mailerFor(catcher.smtpPort), T0, { emails, keys });
    // The inbox answers with this run's key only (tests/functions/mail-catcher-access.test.ts).
    const authorization = `Bearer ${catcher.key}`;
    const page = await fetch(catcher.webUrl, { headers: { accept: 'text/html', authorization } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<!doctype html>/i);
    const summary = await fetch(new URL('api/email/summary?limit=100', catcher.webUrl), {
      headers: { authorization },
    });
    const inbox = (await summary.json()) as {
      items: Array<{ subject: string; to: Array<{ address: string }> }>;
    };
    const mine = inbox.items.filter((item) => item.to.some((t) => t.address === to));
    expect(mine.map((item) => item.subject)).toEqual(['Welcome to OTC Edge']);
  });

  it("queuing rides in the caller's own pipeline: one round trip with its writes", async () => {
    const { keys, to } = fresh();
    const call = enqueueEmailCall(welcome(`evt_${randomUUID()}`, to), T0, keys);
    const [written, reply] = await store
      .pipeline()
      .set(`${keys.queue}:caller-write`, '1')
      .eval(call.script, call.keys, call.args)
      .exec();
    expect(written).toBe('OK');
    expect(enqueueOutcome(reply)).toBe('queued');
    expect(await queuedEmails(store, keys)).toBe(1);
  });

  it('emails not yet due wait; each is sent when due, oldest first', async () => {
    const { keys, to } = fresh();
    await enqueueEmail(store, welcome(`a-${randomUUID()}`, to), T0, keys);
    await enqueueEmail(store, welcome(`b-${randomUUID()}`, to), T0 + 60_000, keys);
    const mailer = mailerFor(catcher.smtpPort);
    expect(await drainQueue(store, mailer, T0, { emails, keys })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await queuedEmails(store, keys)).toBe(1);
    expect(await drainQueue(store, mailer, T0 + 60_000, { emails, keys })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(await received(to)).toHaveLength(2);
  });

  it('never throws to the one queuing: a store that is down answers "failed"', async () => {
    const down = createStore({ url: 'http://127.0.0.1:9', token: 'nope' });
    const { to } = fresh();
    expect(await enqueueEmail(down, welcome('evt_down', to), T0)).toBe('failed');
  });
});

describe('the mail server down', () => {
  it('for 10 minutes: tried at 0, 1, 3 and 7 minutes, sent at 15 once it is back, once', async () => {
    const { keys, to } = fresh();
    const server = await startMailCatcher();
    const port = server.smtpPort;
    await server.stop();
    const mailer = mailerFor(port);
    const key = `evt_${randomUUID()}:payment-failed`;
    await enqueueEmail(
      store,
      { key, to, template: 'payment-failed', data: { amount: '$64.99', retryDate: 'January 7, 2027' } },
      T0,
      keys,
    );
    const minute = 60_000;
    const retried = { sent: 0, retried: 1, failed: 0 };
    const nothing = { sent: 0, retried: 0, failed: 0 };
    expect(await drainQueue(store, mailer, T0, { emails, keys })).toEqual(retried);
    expect(await drainQueue(store, mailer, T0 + 30_000, { emails, keys })).toEqual(nothing);
    expect(await drainQueue(store, mailer, T0 + 1 * minute, { emails, keys })).toEqual(retried);
    expect(await drainQueue(store, mailer, T0 + 2 * minute, { emails, keys })).toEqual(nothing);
    expect(await drainQueue(store, mailer, T0 + 3 * minute, { emails, keys })).toEqual(retried);
    expect(await drainQueue(store, mailer, T0 + 7 * minute, { emails, keys })).toEqual(retried);

    const back = await startMailCatcher({ smtpPort: port });
    try {
      expect(await drainQueue(store, mailer, T0 + 14 * minute, { emails, keys })).toEqual(nothing);
      expect(await drainQueue(store, mailer, T0 + 15 * minute, { emails, keys })).toEqual({
        sent: 1,
        retried: 0,
        failed: 0,
      });
      expect(await drainQueue(store, mailer, T0 + 60 * minute, { emails, keys })).toEqual(nothing);
      const messages = sentTo(await back.messages(), to);
      expect(messages.map((m) => m.subject)).toEqual(['Your OTC Edge payment did not go through']);
      expect(messages[0]?.text).toContain('Update your card (https://otcedge.app/account)');
      expect(await readFailedEmails(store, 10, keys)).toEqual([]);
    } finally {
      await back.stop();
    }
  });

  it('for good: after the cap (about a day) the email is dead-lettered with its error, and never queued again', async () => {
    const { keys, to } = fresh();
    const mailer = mailerFor(await closedPort());
    const key = `renewal:sub_${randomUUID()}:1767225600`;
    const email = {
      key,
      to,
      template: 'renewal-reminder' as const,
      data: { price: '$599.99', chargeDate: 'Jan 1, 2027' },
    };
    await enqueueEmail(store, email, T0, keys);
    let now = T0;
    for (let tries = 1; tries < MAX_TRIES; tries++) {
      expect(await drainQueue(store, mailer, now, { emails, keys })).toEqual({
        sent: 0,
        retried: 1,
        failed: 0,
      });
      now += retryDelay(tries);
    }
    expect((now - T0) / 3_600_000).toBeGreaterThan(23);
    expect(await drainQueue(store, mailer, now, { emails, keys })).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    });
    expect(await queuedEmails(store, keys)).toBe(0);
    const [failed] = await readFailedEmails(store, 10, keys);
    expect(failed).toEqual({
      key,
      to,
      template: 'renewal-reminder',
      at: now,
      tries: MAX_TRIES,
      error: expect.stringMatching(/ECONNREFUSED/),
      data: email.data,
    });
    expect(await enqueueEmail(store, email, now + 1000, keys)).toBe('duplicate');
    expect(await drainQueue(store, mailer, now + 7 * 86_400_000, { emails, keys })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
  });

  it('a batch stops at the first connection failure: the others are put back with the same error', async () => {
    const { keys, to } = fresh();
    const mailer = mailerFor(await closedPort());
    for (let i = 0; i < 4; i++) await enqueueEmail(store, welcome(`evt_${randomUUID()}`, to), T0, keys);
    expect(await drainQueue(store, mailer, T0, { emails, keys })).toEqual({ sent: 0, retried: 4, failed: 0 });
    expect(await drainQueue(store, mailer, T0 + retryDelay(1) - 1, { emails, keys })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    const sent = await drainQueue(store, mailerFor(catcher.smtpPort), T0 + retryDelay(1), { emails, keys });
    expect(sent).toEqual({ sent: 4, retried: 0, failed: 0 });
  });

  it('a failure that is no MailError (a bug) is dead-lettered at once, not retried for a day', async () => {
    const { keys, to } = fresh();
    await enqueueEmail(store, welcome(`evt_${randomUUID()}`, to), T0, keys);
    const broken = { send: () => Promise.reject(new TypeError('x is not a function')) };
    expect(await drainQueue(store, broken, T0, { emails, keys })).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [failed] = await readFailedEmails(store, 10, keys);
    expect(failed?.error).toBe('TypeError: x is not a function');
  });

  it('a drain cut short frees its claim when the lease ends; its late answer then changes nothing', async () => {
    const { keys, to } = fresh();
    const key = `evt_${randomUUID()}`;
    await enqueueEmail(store, welcome(key, to), T0, keys);
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: (error: Error) => void = () => {};
    const stuck = {
      send: () => {
        started();
        return new Promise<void>((_, reject) => {
          finish = reject;
        });
      },
    };
    const first = drainQueue(store, stuck, T0, { emails, keys });
    await sending;
    expect(String(await store.zscore(keys.queue, key))).toBe(String(T0 + LEASE_MS));
    const mailer = mailerFor(catcher.smtpPort);
    expect(await drainQueue(store, mailer, T0 + LEASE_MS - 1, { emails, keys })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(await drainQueue(store, mailer, T0 + LEASE_MS, { emails, keys })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    finish(new MailError('550 too late', { permanent: true }));
    expect(await first).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await readFailedEmails(store, 10, keys)).toEqual([]);
    expect(await received(to)).toHaveLength(1);
  });
});

describe('addresses', () => {
  it('a name with CR LF (header injection) is refused, dead-lettered once, and nothing is sent', async () => {
    const { keys, to } = fresh();
    const victim = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const email = welcome(`evt_${randomUUID()}`, { address: to, name: `Eve\r\nBcc: ${victim}` });
    for (let i = 0; i < 3; i++)
      expect(await enqueueEmail(store, email, T0, keys)).toBe(i === 0 ? 'refused' : 'duplicate');
    expect(await drainQueue(store, mailerFor(catcher.smtpPort), T0, { emails, keys })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    const failed = await readFailedEmails(store, 10, keys);
    expect(failed.map((f) => f.error)).toEqual(['Refused: the name holds a line break or control character']);
    expect(await received(to)).toEqual([]);
    expect(await received(victim)).toEqual([]);
  });

  it('the mailer itself refuses an address with CR LF, as a permanent error', async () => {
    const { to } = fresh();
    const mailer = mailerFor(catcher.smtpPort);
    const sent = mailer.send({
      to: `${to}\r\nBcc: x@example.com`,
      subject: 'Hi',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    await expect(sent).rejects.toBeInstanceOf(MailError);
    await expect(sent).rejects.toMatchObject({ permanent: true });
    const subject = mailer.send({ to, subject: 'Hi\r\nBcc: x@example.com', html: '<p>Hi</p>', text: 'Hi' });
    await expect(subject).rejects.toMatchObject({ permanent: true });
    expect(await received(to)).toEqual([]);
  });

  it('a value with CR LF stays in one subject line: no header is added', async () => {
    const { keys, to } = fresh();
    const victim = `victim-${randomUUID().slice(0, 8)}@example.com`;
    await enqueueEmail(
      store,
      {
        key: `cert-${randomUUID()}`,
        to,
        template: 'certificate-issued',
        data: {
          courseTitle: `Essentials\r\nBcc: ${victim}`,
          certificateUrl: 'https://otcedge.app/certificates/x',
        },
      },
      T0,
      keys,
    );
    expect(await drainQueue(store, mailerFor(catcher.smtpPort), T0, { emails, keys })).toMatchObject({
      sent: 1,
    });
    const [message] = await received(to);
    expect(message?.subject).toBe(`Your certificate: Essentials Bcc: ${victim}`);
    expect(message?.envelope.to.map((t) => t.address)).toEqual([to]);
    expect(message?.headers.bcc).toBeUndefined();
    expect(await received(victim)).toEqual([]);
  });

  it('a Unicode address and name are delivered (SMTPUTF8, IDN domain)', async () => {
    const { keys } = fresh();
    const local = `josé.müller.${randomUUID().slice(0, 6)}`;
    await enqueueEmail(
      store,
      welcome(`evt_${randomUUID()}`, { address: `${local}@exämple.com`, name: 'Zoë Ωmega' }),
      T0,
      keys,
    );
    expect(await drainQueue(store, mailerFor(catcher.smtpPort), T0, { emails, keys })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    const messages = (await catcher.messages()).filter((m) =>
      m.envelope.to.some((t) => t.address.startsWith(`${local}@`)),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.envelope.to[0]?.address).toMatch(
      new RegExp(`^${local}@(exämple\\.com|xn--exmple-cua\\.com)$`),
    );
    expect(messages[0]?.to[0]?.name).toBe('Zoë Ωmega');
  });
});
