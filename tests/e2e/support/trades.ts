import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** A file made in the test, as the file input takes it. */
type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** TradeZero's export of 2026-03-17: 9 executions; AITX, ALPP and TSNP round trips closed, HMBL open. */
export const TRADEZERO = new URL('../../fixtures/brokers/tradezero.csv', import.meta.url).pathname;

/**
 * Imports a broker file from the trades page through the Import Trades dialog, as a member would:
 * the file picked (a path, or a file made in the test), its `executions` saved, and the dialog
 * closed once the import has finished. A question the preview asks is left unanswered.
 */
export async function importBrokerFile(page: Page, file: string | FilePayload, executions: number) {
  const importer = page.getByRole('dialog', { name: 'Import Trades' });
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await importer.getByLabel('Broker file').setInputFiles(file);
  await importer.getByRole('button', { name: `Import ${executions} executions` }).click();
  await expect(importer.getByText('Import finished.')).toBeVisible();
  await importer.getByRole('button', { name: 'Close', exact: true }).click();
}
