import type { Page } from '@playwright/test';
import type { CourseModule } from '../../../functions/_lib/courses/course-schema.ts';

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
