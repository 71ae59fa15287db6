import type { Page } from '@playwright/test';
import { checkKeys } from '../../../functions/_lib/courses/attempts.ts';
import type { CourseModule } from '../../../functions/_lib/courses/course-schema.ts';
import { withStore } from './store.ts';

/**
 * Answers a module's knowledge check on its page and submits it: every question right, or each with
 * one wrong choice (so a multiple-choice question is wrong too).
 */
export async function answerCheck(page: Page, check: NonNullable<CourseModule['check']>, right: boolean) {
  for (const q of check.questions) {
    const group = page.getByRole('group', { name: q.prompt });
    const picks = right
      ? q.choices.filter((c) => c.correct)
      : q.choices.filter((c) => !c.correct).slice(0, 1);
    for (const c of picks) await group.getByLabel(c.text, { exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit answers' }).click();
}

/**
 * Ends the wait after a failed check, as if two minutes had passed: the member's stored summary of
 * the check keeps everything but its retryAt, moved to the past. The page shows it once reloaded.
 */
export async function endCheckWait(sub: string, course: string, module: string) {
  await withStore(async (redis) => {
    const key = checkKeys.record(sub, course, module);
    const record = JSON.parse((await redis.get(key)) ?? '{}') as { retryAt: number };
    await redis.set(key, JSON.stringify({ ...record, retryAt: Date.now() - 1000 }));
  });
}
