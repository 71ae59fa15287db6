import { expect, type Page, test } from '@playwright/test';
import { signUp } from './support/members.ts';

// Import Trades end to end: a broker file read in the browser's worker, previewed, and saved through
// the real import function and store; the same file again adds nothing.

const TRADEZERO = new URL('../fixtures/brokers/tradezero.csv', import.meta.url).pathname;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import Trades' });
const summary = (page: Page, term: string) =>
  dialog(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function importTradeZero(page: Page) {
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await dialog(page).getByLabel('Broker file').setInputFiles(TRADEZERO);
  await expect(summary(page, 'Format')).toHaveText('TradeZero');
  await expect(summary(page, 'Executions')).toHaveText('9');
  await expect(summary(page, 'Dates')).toHaveText('2026-03-17');
  await expect(summary(page, 'Closed trades')).toHaveText('3');
  await expect(summary(page, 'Open positions')).toHaveText('1');
  await expect(dialog(page).getByText(/skipped by the\s+server/)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Import 9 executions' }).click();
  await expect(dialog(page).getByText('Import finished.')).toBeVisible();
}

test('imports a TradeZero file once, and the same file again adds nothing', async ({ page }) => {
  // Switch on (remove this line) once /trades renders ImportTrades (member-app/trades/import/).
  await signUp(page);
  await page.goto('/trades');

  await importTradeZero(page);
  await expect(summary(page, 'Added')).toHaveText('9');
  await expect(summary(page, 'Duplicates skipped')).toHaveText('0');
  await expect(summary(page, 'Trades in your journal')).toHaveText('9');
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();

  await importTradeZero(page);
  await expect(summary(page, 'Added')).toHaveText('0');
  await expect(summary(page, 'Duplicates skipped')).toHaveText('9');
  await expect(summary(page, 'Trades in your journal')).toHaveText('9');
});
