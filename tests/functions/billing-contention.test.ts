import { describe, expect, it } from 'vitest';
import { type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { readAudit } from '../../functions/_lib/operator/audit.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import toggleFn from '../../functions/subscription-toggle.ts';
import { activeMembership } from '../support/members.ts';
import { call, newSub, paidMember } from '../support/operator.ts';

// A hammering client (a double-click storm) toggling one member's autopay many times at once: every
// answer is a 200 in order or a 409 saying to try again, never a 500; what is stored is the last
// change answered, and each change that was stored has exactly one audit entry and one reason count.

const { store } = getDeps();

describe('concurrent writes to one membership', () => {
  it('40 autopay toggles at once: no 500; the stored state, the log and the reasons agree', async () => {
    const { sub, headers } = await paidMember(store);
    const reasonsBefore = Number((await store.hget(opsKeys.churnReasons, 'not-using')) ?? 0);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(toggleFn, 'subscription/toggle', headers, {
          renew: i % 2 === 1,
          ...(i % 2 === 0 ? { reason: { code: 'not-using' } } : {}),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // The rate limit may refuse some (429): the point is that none fails.
    expect(
      statuses.filter((s) => s >= 500),
      answers.map((a) => a.text).join('\n'),
    ).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.json.error).toMatch(/Try again/);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);

    const stored = JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null') as Membership;
    const log = (await readAudit(store, { member: sub, limit: 100 })).entries;
    const toggles = log.filter((e) => e.action.startsWith('member.autopay-'));
    // Entries alternate (each one a real change) and the newest is the stored state.
    toggles.forEach((entry, i) => {
      expect((entry.after as Membership).cancelAtPeriodEnd).toBe(entry.action === 'member.autopay-off');
      const older = toggles[i + 1];
      if (older) expect(older.action).not.toBe(entry.action);
    });
    if (toggles[0]) expect(toggles[0].after).toEqual(stored);
    const offs = toggles.filter((e) => e.action === 'member.autopay-off').length;
    const reasonsAfter = Number((await store.hget(opsKeys.churnReasons, 'not-using')) ?? 0);
    expect(reasonsAfter - reasonsBefore).toBe(offs);
  });

  it('a reason counts once when the provider’s webhook stored the same turn-off first', async () => {
    const sub = newSub();
    const on = activeMembership({ asOf: Date.now() - 60_000 });
    await saveMembership(store, sub, on);
    const count = async () => Number((await store.hget(opsKeys.churnReasons, 'learned-enough')) ?? 0);
    const before = await count();
    // The webhook for the change arrives first, with a later provider time and no reason.
    const off = { ...on, cancelAtPeriodEnd: true, asOf: on.asOf + 2_000 };
    await saveMembership(store, sub, off);
    // The member's own call then saves its (older) answer with the reason: the state is not written
    // again, the reason is counted; saved twice (a retry), once.
    const answered = { ...on, cancelAtPeriodEnd: true, asOf: on.asOf + 1_000 };
    const churn = { reason: { code: 'learned-enough' as const, text: 'Got what I came for' }, from: on };
    expect(await saveMembership(store, sub, answered, { churn })).toBe(false);
    expect(await saveMembership(store, sub, answered, { churn })).toBe(false);
    expect(await count()).toBe(before + 1);
    const recent = (await store.lrange(opsKeys.churnRecent, 0, 50)).map(String);
    expect(recent.filter((r) => r.includes(sub))).toHaveLength(1);
  });
});
