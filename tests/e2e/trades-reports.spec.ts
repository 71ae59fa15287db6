import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';
import { importBrokerFile, TRADEZERO } from './support/trades.ts';

// Closed trades end to end: a broker file imported, its round trips tagged (one, then in bulk), the
// page filtered by a tag (cards, reports and table follow, the URL keeps it, Back undoes it), the
// filtered trades exported, and tags renamed and deleted.

const stat = (page: Page, label: string) =>
  page.locator('.stat-card').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
const trips = (page: Page) => page.getByRole('table', { name: 'Closed trades' });
/** A trip's own row (not its expanded detail, nor the executions table inside that). */
const tripRows = (page: Page) => trips(page).locator(':scope > tbody > tr:not(.trip-detail)');
const tripRow = (page: Page, symbol: string) =>
  tripRows(page).filter({ has: page.getByRole('link', { name: symbol, exact: true }) });

test('tag closed trades, filter the page by a tag, read its report and export it', async ({ page }) => {
  test.slow();
  await signInNewMember(page);
  await page.goto('/trades');

  // tradezero.csv: AITX long +629.46, ALPP short +134.77, TSNP long +9.57; HMBL still open.
  await importBrokerFile(page, TRADEZERO, 9);

  await expect(tripRows(page)).toHaveCount(3);
  await expect(tripRow(page, 'AITX')).toContainText('+$629.46');
  await expect(tripRow(page, 'AITX')).toContainText('2026-03-17 09:35:02');
  await expect(stat(page, 'Net P&L')).toContainText('+$773.80');
  await expect(page.getByRole('table', { name: 'Open positions' })).toContainText('HMBL');

  // One trade: its executions and a setup tag.
  await tripRow(page, 'AITX')
    .getByRole('button', { name: /^Show the executions/ })
    .click();
  const fills = page.getByRole('table', { name: /^Executions of AITX/ });
  await expect(fills.locator('tbody tr')).toHaveCount(3);
  const addTag = page.getByRole('form', { name: 'Add a tag' });
  await addTag.getByLabel('Tag', { exact: true }).fill('Gap and go');
  await addTag.getByRole('button', { name: 'Add a tag' }).click();
  await expect(tripRow(page, 'AITX').locator('.tag-chip')).toHaveText(['Gap and go']);
  // A planned risk of $100 makes the +$629.46 trade +6.29R.
  const risk = page.getByRole('form', { name: 'Planned risk' });
  await risk.getByLabel('Planned risk (USD)').fill('100');
  await risk.getByRole('button', { name: 'Save risk' }).click();
  await expect(risk).toContainText('+6.29R');
  await expect(stat(page, 'Average R')).toContainText('+6.29R');

  // Two trades at once: a mistake tag.
  await tripRow(page, 'ALPP').getByRole('checkbox').check();
  await tripRow(page, 'TSNP').getByRole('checkbox').check();
  const bulk = page.getByRole('region', { name: 'Selected trades' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByLabel('Tag', { exact: true }).fill('Chased');
  await bulk.getByRole('combobox', { name: 'Kind', exact: true }).selectOption('mistake');
  await bulk.getByRole('button', { name: 'Tag selected trades' }).click();
  await expect(tripRow(page, 'ALPP').locator('.tag-chip')).toHaveText(['Chased']);
  await expect(tripRow(page, 'TSNP').locator('.tag-chip')).toHaveText(['Chased']);

  // Filter by the tag: the table, the cards and the reports follow, and the URL keeps it.
  const filters = page.getByRole('form', { name: 'Filter the page' });
  await filters
    .getByRole('combobox', { name: 'Tag', exact: true })
    .selectOption({ label: 'Mistake: Chased' });
  await expect(page).toHaveURL(/[?&]tag=mistake%3Achased/);
  await expect(tripRows(page)).toHaveCount(2);
  await expect(stat(page, 'Net P&L')).toContainText('+$144.34');
  await expect(stat(page, 'Net P&L').locator('.stat-card__value')).toHaveAttribute('title', '+144.3400 USD');
  const byTag = page.getByRole('table', { name: 'P&L by tag' });
  await expect(byTag.getByRole('row', { name: /Chased/ })).toContainText('+$144.34');
  await expect(
    page.getByRole('table', { name: 'P&L by side' }).getByRole('row', { name: /short/ }),
  ).toContainText('+$134.77');

  // The export is the filtered trades, exact amounts and tags.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export closed trades (CSV)' }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toMatch(/^id,symbol,side,currency,entry,exit,/);
  expect(csv.slice(1).map((line) => line.split(',').slice(1, 3).join(' '))).toEqual([
    'ALPP short',
    'TSNP long',
  ]);
  expect(csv[1]).toContain(',140.0000,5.2300,134.7700,');
  expect(csv[1]).toContain(',Chased,');

  // Renamed in the tag manager: both trades carry the new name, the report files them under it,
  // and the page's filter follows the tag.
  await page.getByText(/^Manage tags/).click();
  const manager = page.getByRole('list', { name: 'Your tags' });
  const chased = manager.getByRole('listitem').filter({ hasText: 'Chased' });
  await expect(chased).toContainText('Mistake · 2 trades');
  await chased.getByRole('button', { name: 'Rename Chased' }).click();
  const renaming = page.getByRole('form', { name: 'Rename Chased' });
  await renaming.getByLabel('New name').fill('FOMO entry');
  await renaming.getByRole('button', { name: 'Save name' }).click();
  await expect(page).toHaveURL(/[?&]tag=mistake%3Afomo-entry/);
  await expect(tripRow(page, 'ALPP').locator('.tag-chip')).toHaveText(['FOMO entry']);
  await expect(tripRow(page, 'TSNP').locator('.tag-chip')).toHaveText(['FOMO entry']);
  await expect(byTag.getByRole('row', { name: /FOMO entry/ })).toContainText('+$144.34');
  await expect(byTag.getByRole('row', { name: /Chased/ })).toHaveCount(0);

  // A shared link shows the same page; Back returns to every trade.
  await page.reload();
  await expect(tripRows(page)).toHaveCount(2);
  await page.goBack();
  await expect(page).not.toHaveURL(/tag=/);
  await expect(tripRows(page)).toHaveCount(3);
  await expect(stat(page, 'Net P&L')).toContainText('+$773.80');

  // Deleted while the page is filtered by it: gone from the trade and the list, the filter is
  // cleared (every trade again), and the trade's planned risk stays.
  await filters
    .getByRole('combobox', { name: 'Tag', exact: true })
    .selectOption({ label: 'Setup: Gap and go' });
  await expect(tripRows(page)).toHaveCount(1);
  await page.getByText(/^Manage tags/).click();
  const gap = manager.getByRole('listitem').filter({ hasText: 'Gap and go' });
  await gap.getByRole('button', { name: 'Delete Gap and go' }).click();
  await expect(gap).toContainText('Remove from 1 trade and delete?');
  await gap.getByRole('button', { name: 'Delete tag' }).click();
  await expect(manager.getByRole('listitem')).toHaveCount(1);
  await expect(page).not.toHaveURL(/tag=/);
  await expect(tripRows(page)).toHaveCount(3);
  await expect(tripRow(page, 'AITX').locator('.tag-chip')).toHaveCount(0);
  await expect(stat(page, 'Average R')).toContainText('+6.29R');

  // The calendar opens on the month of the latest trade (an old import is not an empty grid); a
  // day narrows the page to its trades.
  await expect(page.getByRole('table', { name: 'Daily P&L, March 2026' })).toBeVisible();
  await page.getByRole('button', { name: /^2026-03-17: \+\$773\.80, 3 trades/ }).click();
  await expect(page).toHaveURL(/period=custom&from=2026-03-17&to=2026-03-17|from=2026-03-17.*to=2026-03-17/);
  await expect(tripRows(page)).toHaveCount(3);
  await expect(page.getByRole('form', { name: 'Filter the page' }).getByLabel('Closed from')).toHaveValue(
    '2026-03-17',
  );
  // A period none of them closed in: the statistics say the filters leave them out, not that there are none.
  await filters.getByLabel('Period').selectOption({ label: 'Today' });
  await expect(trips(page)).toContainText('No closed trades match.');
  await expect(page.getByRole('region', { name: 'Statistics' })).toContainText(
    'No closed trades match these filters: change or clear them to see the others.',
  );
  await expect(page.getByText('No closed trades yet')).toHaveCount(0);

  // Times are market time (New York) unless the member picks another zone in Account Settings.
  await page.goto('/account');
  await page.getByRole('combobox', { name: 'Show trade times in' }).selectOption('Europe/Paris');
  await expect(page.getByText('Saved in this browser.')).toBeVisible();
  await page.goto('/trades');
  await expect(tripRow(page, 'AITX')).toContainText('2026-03-17 14:35:02');
});
