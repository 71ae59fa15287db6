import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The two journals linked: a round trip opens the notes on its $SYMBOL saved the day it closed; a
// symbol's journal page lists its round trips and net; a calendar day shows that day's notes.

const TRADEZERO = new URL('../fixtures/brokers/tradezero.csv', import.meta.url).pathname;
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });
const title = (page: Page) => page.getByRole('textbox', { name: 'Title' });
const notes = (page: Page) => page.getByRole('list', { name: 'Notes' }).getByRole('listitem');
const tripRow = (page: Page, symbol: string) =>
  page
    .getByRole('table', { name: 'Closed trades' })
    .locator(':scope > tbody > tr:not(.trip-detail)')
    .filter({ has: page.getByRole('link', { name: symbol, exact: true }) });

/** Writes and saves a note; answers the day (New York) the server saved it. */
async function saveNote(page: Page, noteTitle: string, text: string): Promise<string> {
  await page.getByRole('button', { name: 'New Journal Entry', exact: true }).click();
  await title(page).fill(noteTitle);
  await editor(page).click();
  await page.keyboard.type(text);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/journal/notes/update') && r.ok());
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const { note } = (await (await answer).json()) as { note: { timestamp: number } };
  await expect(page.locator('.journal-status')).toHaveText('Saved');
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(note.timestamp);
}

test('a round trip opens its day’s notes on the symbol; a symbol page shows its round trips; a calendar day its notes', async ({
  page,
}) => {
  test.slow();
  await signInNewMember(page);
  await page.goto('/journal');
  await expect(editor(page)).toBeVisible();
  const day = await saveNote(page, 'AITX plan', 'Watching $aitx into the open ');
  await saveNote(page, 'Market wrap', 'Quiet tape today ');

  // tradezero.csv's fills, moved to the day the notes were saved: AITX long +629.46, ALPP short
  // +134.77, TSNP long +9.57 all close that day; HMBL stays open.
  const [y, m, d] = day.split('-');
  const file = readFileSync(TRADEZERO, 'utf8').replaceAll('03/17/2026', `${m}/${d}/${y}`);
  await page.goto('/trades');
  const importer = page.getByRole('dialog', { name: 'Import Trades' });
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await importer
    .getByLabel('Broker file')
    .setInputFiles({ name: 'tradezero.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await importer.getByRole('button', { name: 'Import 9 executions' }).click();
  await expect(importer.getByText('Import finished.')).toBeVisible();
  await importer.getByRole('button', { name: 'Close', exact: true }).click();

  // A round trip → the notes on $AITX saved the day it closed, the newest opened.
  await tripRow(page, 'AITX').getByRole('link', { name: 'AITX', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/journal\\?(?=.*symbol=AITX)(?=.*day=${day})`));
  await expect(page.locator('.journal-day')).toContainText('Saved on');
  await expect(notes(page)).toHaveCount(1);
  await expect(notes(page).first()).toContainText('AITX plan');
  await expect(title(page)).toHaveValue('AITX plan');

  // The symbol's page: its round trips and net, each opening that day's notes.
  const trips = page.getByRole('region', { name: 'Round trips in $AITX' });
  await expect(trips.getByRole('list', { name: 'Net on AITX' })).toContainText('+$629.46');
  await expect(trips.getByRole('list', { name: 'Net on AITX' })).toContainText(
    '1 round trip · 1 won, 0 lost',
  );
  const tripLink = trips.getByRole('link', {
    name: /long 1,000,000 shares, \+\$629\.46\. Notes from that day/,
  });
  await expect(tripLink).toHaveAttribute('aria-current', 'page');

  // Every day again: still only the notes on $AITX.
  await page.getByRole('button', { name: 'Show notes from every day' }).click();
  await expect(page).not.toHaveURL(/day=/);
  await expect(page.locator('.journal-day')).toHaveCount(0);
  await expect(notes(page)).toHaveCount(1);
  await tripLink.click();
  await expect(page).toHaveURL(new RegExp(`day=${day}`));

  // A calendar day: that day's trades and, beside them, every note saved that day.
  await page.goto('/trades');
  const [, month, date] = day.match(/^(\d{4}-\d{2})-(\d{2})$/) ?? [];
  await expect(page.getByRole('table', { name: /^Daily P&L/ })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${day}: \\+\\$773\\.80, 3 trades`) }).click();
  await expect(page).toHaveURL(new RegExp(`from=${month}-${date}`));
  const dayNotes = page.getByRole('region', { name: `Journal notes on ${day}` });
  await expect(dayNotes.getByRole('listitem')).toHaveText([/Market wrap/, /AITX plan\s*\$AITX/]);
  await dayNotes.getByRole('link', { name: 'AITX plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/journal\\?(?=.*day=${day})(?=.*note=note_)`));
  await expect(title(page)).toHaveValue('AITX plan');
  await expect(notes(page)).toHaveCount(2);
});
