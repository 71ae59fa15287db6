import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { certificateImageKey } from '../../functions/_lib/courses/progress-keys.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import type { Job } from '../../functions/_lib/mail/queue.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import certificateFn from '../../functions/courses-certificate.ts';
import withdrawFn from '../../functions/courses-certificate-withdraw.ts';
import { completeModules } from '../support/course-progress.ts';
import { activeMembership } from '../support/members.ts';
import { authHeader } from '../support/tokens.ts';

// The certificate-issued email (docs/billing.md "What each event emails"), queued in the script
// that issues the certificate: once per member and course, to the token's email or else the one
// the operator's index holds. Only this test's keys are read (the shared store's queue is not drained).

const { store } = getDeps();
const COURSE = 'penny-stock-essentials';
const course = courseLibrary.find((c) => c.slug === COURSE);
if (!course) throw new Error(`${COURSE} is the course these tests read`);
const keys = mailKeys();

async function graduate(tokenEmail?: string) {
  const sub = `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  await store.set(membershipKey(sub), JSON.stringify(activeMembership()));
  if (course) await completeModules(store, sub, course);
  const headers = await authHeader(tokenEmail ? { sub, email: tokenEmail } : { sub });
  const call = async (fn: (r: Request) => Promise<Response>, path: string, body: unknown) => {
    const response = await fn(
      new Request(`http://localhost/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { sub, call };
}
const job = async (sub: string) => {
  const raw = await store.hget<string>(keys.jobs, `certificate:${sub}:${COURSE}`);
  return raw ? (JSON.parse(raw) as Job) : null;
};

describe('certificate-issued', () => {
  it('the first issue queues it with the course and the certificate page; renamed, withdrawn and issued again: not twice', async () => {
    const m = await graduate();
    await store.hset(opsKeys.member(m.sub), { email: 'graduate@example.com' });
    const issued = await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: 'Ann Lee' });
    expect(issued.status).toBe(200);
    const id = (issued.body.certificate as { id: string }).id;
    expect(await job(m.sub)).toEqual({
      key: `certificate:${m.sub}:${COURSE}`,
      to: 'graduate@example.com',
      template: 'certificate-issued',
      data: { courseTitle: course?.title, certificateUrl: `https://otcedge.app/certificates/${id}` },
      queuedAt: expect.any(Number),
      tries: 0,
    });
    const first = await store.hget<string>(keys.jobs, `certificate:${m.sub}:${COURSE}`);
    expect(
      (await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: 'Ann B. Lee' })).status,
    ).toBe(200);
    // A kept preview image goes with the certificate.
    await store.set(certificateImageKey(id), 'v:png');
    expect((await m.call(withdrawFn, 'courses/certificate/withdraw', { course: COURSE })).body).toEqual({
      withdrawn: true,
    });
    expect(await store.exists(certificateImageKey(id))).toBe(0);
    const again = await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: 'Ann Lee' });
    expect((again.body.certificate as { id: string }).id).not.toBe(id);
    // The one email queued is the first, unchanged.
    expect(await store.hget<string>(keys.jobs, `certificate:${m.sub}:${COURSE}`)).toBe(first);
  });

  it("goes to the token's email first", async () => {
    const m = await graduate('token@example.com');
    await store.hset(opsKeys.member(m.sub), { email: 'index@example.com' });
    expect((await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: 'Bo' })).status).toBe(
      200,
    );
    expect((await job(m.sub))?.to).toBe('token@example.com');
  });

  it('no email anywhere: the certificate is issued, nothing queued', async () => {
    const m = await graduate();
    expect((await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: 'Cy' })).status).toBe(
      200,
    );
    expect(await job(m.sub)).toBeNull();
    expect(await store.exists(keys.once(`certificate:${m.sub}:${COURSE}`))).toBe(0);
  });

  it('prints the name as it reads: bidi overrides and zero-width characters removed; nothing left → 400', async () => {
    const m = await graduate();
    const issued = await m.call(certificateFn, 'courses/certificate', {
      course: COURSE,
      name: 'Ann\u200B \u202Eeel\u202C',
    });
    expect(issued.status).toBe(200);
    expect((issued.body.certificate as { name: string }).name).toBe('Ann eel');
    const invisible = await m.call(certificateFn, 'courses/certificate', {
      course: COURSE,
      name: '\u200B\u202E\u2066',
    });
    expect(invisible).toEqual({
      status: 400,
      body: { error: 'name: Enter the name to print on your certificate' },
    });
    // The certificate kept its name.
    const again = await m.call(certificateFn, 'courses/certificate', { course: COURSE, name: 'Ann eel' });
    expect((again.body.certificate as { name: string }).name).toBe('Ann eel');
  });
});
