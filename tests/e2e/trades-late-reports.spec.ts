import type { Locator } from '@playwright/test';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';
import { importBrokerFile, TRADEZERO } from './support/trades.ts';

// /trades draws from the journal, then two reports arrive with data of their own (docs/trades.md,
// "Excursions by setup", "Rules by week"). Arriving between the statistics and the trades, they once
// pushed Import Trades and the rows down under the member's pointer: a click meant for Import Trades
// landed elsewhere. Here their data is held back until the page is drawn and measured, then let go.

/** Where an element is on the page (not the viewport: the page may scroll meanwhile). */
const pageTop = (locator: Locator) =>
  locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

test('the reports that arrive after the page move neither Import Trades nor the closed trades', async ({
  page,
}) => {
  test.slow(); // an import before the page is measured
  const { sub } = await signInNewMember(page);
  // A finished lesson that teaches a rule (a written plan before entry): Rules by week has a column.
  await withStore((redis) =>
    redis.sAdd(progressKeys.articlesRead(sub), 'write_the_trade_plan_before_you_enter'),
  );
  await page.goto('/trades');
  await importBrokerFile(page, TRADEZERO, 9);

  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const path of ['**/api/journal/trades/rules', '**/api/journal/trades/excursions'])
    await page.route(path, async (route) => {
      await held;
      await route.continue();
    });
  await page.reload();

  // Drawn: the rows, the chart and the export buttons (their own chunks) are in place.
  const trips = page.getByRole('table', { name: 'Closed trades' }).locator(':scope > tbody > tr');
  await expect(trips).toHaveCount(3);
  await expect(
    page.getByRole('img', { name: 'Cumulative net P&L chart' }).locator('canvas').first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export closed trades (CSV)' })).toBeVisible();
  const importButton = page.getByRole('button', { name: 'Import Trades' });
  const before = { button: await pageTop(importButton), row: await pageTop(trips.last()) };

  release();
  await expect(page.getByRole('heading', { name: 'Rules by week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Excursions by setup' })).toBeVisible();
  expect({ button: await pageTop(importButton), row: await pageTop(trips.last()) }).toEqual(before);

  // And the button still opens its dialog at the first click.
  await importButton.click();
  await expect(page.getByRole('dialog', { name: 'Import Trades' })).toBeVisible();
});
