import { describe, expect, it } from 'vitest';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { readRulesTaken, rulesTakenReads } from '../../functions/_lib/courses/rules-taken.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { FULLY_WATCHED } from '../support/course-progress.ts';

// Which course rules apply to a member's trades, read from real Redis: the rules of the lessons the
// member completed (watched or read, by the progress page's rules), in one round trip.

const { store } = getDeps();
const newSub = () => `rules-${crypto.randomUUID()}`;

/** The store, counting the pipelines sent. */
function counting(): { store: Pick<Store, 'pipeline'>; sent: () => number } {
  let sent = 0;
  return {
    store: {
      pipeline: () => {
        const pipe = store.pipeline();
        const exec = pipe.exec.bind(pipe);
        pipe.exec = (() => {
          sent += 1;
          return exec();
        }) as typeof pipe.exec;
        return pipe;
      },
    },
    sent: () => sent,
  };
}

describe('the rules a member has taken', () => {
  it('are none before any lesson is done', async () => {
    expect(await readRulesTaken(store, newSub())).toEqual([]);
  });

  it('are those of the lessons watched or read to the end, in one round trip', async () => {
    const sub = newSub();
    await store
      .pipeline()
      // risk-per-trade (whole video v1112): done. placing-the-stop (a chapter of v1120): barely started.
      .hset(progressKeys.watch(sub), {
        v1112: FULLY_WATCHED,
        v1120: JSON.stringify({ b: '0'.repeat(24).concat('1'), p: 10, t: 0 }),
        v1096: 'not json',
      })
      .sadd(
        progressKeys.articlesRead(sub),
        'write_the_trade_plan_before_you_enter',
        'how_the_otc_market_works',
      )
      .exec();
    const { store: countingStore, sent } = counting();
    const taken = await readRulesTaken(countingStore, sub);
    expect(sent()).toBe(1);
    expect(
      taken.map((t) => ({ rule: t.rule, lesson: t.lesson, course: t.course, module: t.module })),
    ).toEqual([
      {
        rule: { kind: 'max-risk-percent', percent: 2 },
        lesson: 'risk-per-trade',
        course: 'penny-stock-essentials',
        module: 'risk-and-size',
      },
      {
        rule: { kind: 'plan-note-before-entry' },
        lesson: 'trade-plan',
        course: 'penny-stock-essentials',
        module: 'journaling-a-trade',
      },
    ]);
    expect(taken[1]?.href).toBe(
      '/articles/write_the_trade_plan_before_you_enter?course=penny-stock-essentials&lesson=trade-plan',
    );
  });

  it("joins a pipeline of the caller's own after its other reads", async () => {
    const sub = newSub();
    await store.hset(progressKeys.watch(sub), { v1096: FULLY_WATCHED });
    const reads = rulesTakenReads(sub, courseLibrary);
    const replies = (await reads.add(store.pipeline().get(`absent:${sub}`)).exec()) as unknown[];
    expect(replies).toHaveLength(1 + reads.count);
    expect(reads.taken(replies.slice(1)).map((t) => t.rule.kind)).toEqual(['no-averaging-down']);
  });
});
