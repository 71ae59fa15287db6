import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';
import { importBrokerFile, TRADEZERO } from './support/trades.ts';

// The trade review end to end: a broker file imported, a closed trade opened on its price chart (the
// local market-data stand-in's bars), its fills, MAE/MFE and a course rule it broke, linked to the
// lesson that teaches it; back on /trades, the MAE/MFE columns, the report by setup and the rule
// counted per week.

test('a closed trade opens on its chart with its fills, MAE/MFE and the rule it broke', async ({ page }) => {
  test.slow();
  const { sub } = await signInNewMember(page);
  // The journaling module's trade-plan lesson, read: its rule (a written plan before entry) applies.
  await withStore((redis) =>
    redis.sAdd(progressKeys.articlesRead(sub), 'write_the_trade_plan_before_you_enter'),
  );

  await page.goto('/trades');
  await importBrokerFile(page, TRADEZERO, 9);
  await page.getByRole('button', { name: /^Show the executions and tags of AITX / }).click();
  await page.getByRole('link', { name: /^Review this trade: AITX long/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: /AITX/ })).toBeVisible();
  const chart = page.getByRole('region', { name: 'Price chart' });
  await expect(chart.getByText('Synthetic bars (local stand-in), not market data')).toBeVisible();
  // The chart's text summary names the fills it marks (the canvas itself is not text).
  await expect(chart.getByRole('img', { name: /^Price chart of AITX in 1-minute candles/ })).toHaveAttribute(
    'aria-label',
    /3 fills marked \(2 buys, 1 sell\)/,
  );
  const fills = page.getByRole('region', { name: 'Fills' }).getByRole('row');
  await expect(fills).toHaveCount(4);
  // The two buys share a second (their order is the journal's, not the file's); the sale comes last.
  await expect(fills.nth(1).or(fills.nth(2)).filter({ hasText: '0.0061' })).toHaveCount(1);
  await expect(fills.nth(1).or(fills.nth(2)).filter({ hasText: '0.0062' })).toHaveCount(1);
  await expect(fills.nth(3)).toContainText('0.0068');

  const facts = page.locator('dl').filter({ hasText: 'Worst against you (MAE)' });
  await expect(
    facts.locator('dt', { hasText: 'Worst against you (MAE)' }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText('$');
  await expect(
    facts.locator('dt', { hasText: 'Exit efficiency' }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText('% of the best exit');

  // The plan, set where it is read: the stop and target join the chart, the risk gives R.
  const plan = page.getByRole('region', { name: 'The plan' });
  await plan.getByRole('button', { name: 'Edit plan' }).click();
  const form = plan.getByRole('form', { name: 'Plan of this trade' });
  await form.getByLabel('Planned risk (USD)').fill('100');
  await form.getByLabel('Stop price').fill('0.0058');
  await form.getByLabel('Target price').fill('0.0072');
  await form.getByRole('button', { name: 'Save plan' }).click();
  await expect(plan.locator('dd').nth(1)).toHaveText('0.0058');
  await expect(chart.getByRole('img', { name: /^Price chart of AITX/ })).toHaveAttribute(
    'aria-label',
    /stop 0\.0058.*target 0\.0072/,
  );
  await expect(
    facts.locator('dt', { hasText: 'Worst against you (MAE)' }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText(' R');

  // Back on /trades: the trip's MAE/MFE (kept by the review) in its row, and the report by setup.
  await page.getByRole('link', { name: /Trade History/ }).click();
  const report = page.getByRole('region', { name: 'Excursions by setup' });
  await expect(report.getByRole('rowheader', { name: 'No setup tag' })).toBeVisible();
  await expect(report.getByRole('row').filter({ hasText: 'No setup tag' })).toContainText(/capture \d/);
  const aitx = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Show the executions and tags of AITX / }) });
  await expect(aitx.locator('td[title*=" at "]').first()).toContainText('$');
  // The course's rule counted per week over the closed trades: none had a written plan, so every
  // trade broke it, and the rule's heading leads to its lesson.
  const weekly = page.getByRole('region', { name: 'Rules by week' });
  await expect(weekly.getByRole('columnheader', { name: 'A written plan before entry' })).toBeVisible();
  const total = weekly.getByRole('row', { name: /^All weeks/ }).getByRole('cell');
  await expect(total).toHaveCount(2);
  await expect
    .poll(async () => {
      const [trades, broken] = await total.allTextContents();
      return Number(trades) > 0 && trades === broken;
    })
    .toBe(true);
  await expect(weekly.getByRole('link', { name: 'A written plan before entry' })).toHaveAttribute(
    'href',
    /course=penny-stock-essentials/,
  );
  await page.goBack();

  const rules = page.getByRole('region', { name: "The course's rules" });
  await expect(rules.getByRole('listitem')).toHaveCount(1);
  await expect(rules.getByRole('listitem')).toContainText('Broken');
  await rules.getByRole('link', { name: /trade plan/i }).click();
  await expect(page).toHaveURL(/course=penny-stock-essentials/);
});
