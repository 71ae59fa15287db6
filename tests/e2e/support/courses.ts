import { expect, type Page } from '@playwright/test';
import { checkKeys } from '../../../functions/_lib/courses/attempts.ts';
import type { CourseModule } from '../../../functions/_lib/courses/course-schema.ts';
import { withStore } from './store.ts';

type Check = NonNullable<CourseModule['check']>;
type Question = Check['questions'][number];

/** The knowledge check's form on a module page: one group per question drawn for this attempt. */
export const checkForm = (page: Page) =>
  page.getByRole('region', { name: 'Knowledge check' }).locator('form');

/** The questions of the bank the page asks now (the server's draw), in the order shown. */
export async function drawnQuestions(page: Page, check: Check): Promise<Question[]> {
  const groups = checkForm(page).getByRole('group');
  await expect(groups).toHaveCount(check.ask);
  const legends = await groups.locator('legend').allTextContents();
  return legends.map((legend) => {
    const question = check.questions.find((q) => legend.includes(q.prompt));
    if (!question) throw new Error(`"${legend}" is not a question of the bank`);
    return question;
  });
}

/**
 * Answers the questions drawn for this attempt on the module's page and submits them: every one
 * right, or each with one wrong choice (so a multiple-choice question is wrong too). Answers the
 * questions answered.
 */
export async function answerCheck(page: Page, check: Check, right: boolean): Promise<Question[]> {
  const drawn = await drawnQuestions(page, check);
  for (const q of drawn) {
    const group = checkForm(page).getByRole('group', { name: q.prompt });
    const picks = right
      ? q.choices.filter((c) => c.correct)
      : q.choices.filter((c) => !c.correct).slice(0, 1);
    for (const c of picks) await group.getByLabel(c.text, { exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit answers' }).click();
  return drawn;
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
