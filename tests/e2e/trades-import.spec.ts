import type { Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// Import Trades end to end: a broker file read in the browser's worker, previewed, and saved through
// the real import function and store; the same file again adds nothing.

const TRADEZERO = new URL('../fixtures/brokers/tradezero.csv', import.meta.url).pathname;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import Trades' });
const summary = (page: Page, term: string) =>
  dialog(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function importTradeZero(page: Page, alreadyThere: number) {
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await dialog(page).getByLabel('Broker file').setInputFiles(TRADEZERO);
  await expect(summary(page, 'Format')).toHaveText('TradeZero');
  await expect(summary(page, 'Executions')).toHaveText('9');
  await expect(summary(page, 'Dates')).toHaveText('2026-03-17');
  await expect(summary(page, 'Closed trades')).toHaveText('3');
  await expect(summary(page, 'Open positions')).toHaveText('1');
  // Money as money, the exact amount on hover.
  await expect(summary(page, 'Net P&L (USD)')).toHaveText('+$773.80 over 3 closed trades (fees $26.20)');
  await expect(summary(page, 'Net P&L (USD)').locator('span').first()).toHaveAttribute(
    'title',
    '+773.8000 USD',
  );
  await expect(dialog(page).getByText(/skipped by the\s+server/)).toBeVisible();
  await expect(summary(page, 'Already in your journal')).toHaveText(`${alreadyThere} (skipped)`);
  await dialog(page).getByRole('button', { name: 'Import 9 executions' }).click();
  await expect(dialog(page).getByText('Import finished.')).toBeVisible();
}

test('imports a TradeZero file once, and the same file again adds nothing', async ({ page }) => {
  await signInNewMember(page);
  await page.goto('/trades');

  await importTradeZero(page, 0);
  await expect(summary(page, 'Added')).toHaveText('9');
  await expect(summary(page, 'Duplicates skipped')).toHaveText('0');
  await expect(summary(page, 'Trades in your journal')).toHaveText('9');
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog(page)).toBeHidden();

  await importTradeZero(page, 9);
  await expect(summary(page, 'Added')).toHaveText('0');
  await expect(summary(page, 'Duplicates skipped')).toHaveText('9');
  await expect(summary(page, 'Trades in your journal')).toHaveText('9');
});

// A platform the journal does not know: the member maps its columns once, and the next export with
// the same header is read with that mapping straight away.
const OTHER_PLATFORM = {
  name: 'other-platform.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Exec Date,Instrument,B/S,Filled Qty,Px,Commission,Venue',
      '2026-07-01 09:45:00,abcd,B,3000000,0.0042,1.00,ARCA',
      '2026-07-01 10:15:00,ABCD,S,3000000,0.0051,1.00,ARCA',
      '2026-07-01 10:20:00,ABCD,Hold,10,0.0051,0,ARCA',
    ].join('\n'),
  ),
};

test('maps the columns of an unknown export once, and remembers them', async ({ page }) => {
  await signInNewMember(page);
  await page.goto('/trades');
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await dialog(page).getByLabel('Broker file').setInputFiles(OTHER_PLATFORM);

  const form = dialog(page).getByRole('form', { name: 'Column mapping' });
  await expect(form.getByText(/not one we recognise/)).toBeVisible();
  await expect(form.getByRole('region', { name: 'First rows of the file' })).toContainText('0.0042');
  // 'Exec Date' and 'Filled Qty' are guessed; 'Instrument' is, 'Px' is not.
  await expect(form.getByLabel('Date (or date and time) *')).toHaveValue('Exec Date');
  await expect(form.getByLabel('Quantity *')).toHaveValue('Filled Qty');
  await expect(form.getByRole('group', { name: /Fee columns/ }).getByLabel('Commission')).toBeChecked();
  await form.getByRole('button', { name: 'Read the file with these columns' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose the column for Price.');
  await form.getByLabel('Price *').selectOption('Px');
  await form.getByRole('button', { name: 'Read the file with these columns' }).click();

  await expect(summary(page, 'Format')).toHaveText('Your column mapping');
  await expect(summary(page, 'Executions')).toHaveText('2');
  await expect(summary(page, 'Closed trades')).toHaveText('1');
  await expect(dialog(page).getByText('Line 4: B/S "Hold" is neither a buy nor a sell')).toBeVisible();
  await expect(summary(page, 'Already in your journal')).toHaveText('0 (skipped)');
  await dialog(page).getByRole('button', { name: 'Import 2 executions' }).click();
  await expect(summary(page, 'Added')).toHaveText('2');
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  // 0.0009 × 3,000,000 − 2.00 of commission.
  await expect(page.getByRole('region', { name: 'Statistics' })).toContainText('2,698.00');

  // The same platform's next export: no form, the saved mapping reads it.
  await page.reload();
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await dialog(page).getByLabel('Broker file').setInputFiles(OTHER_PLATFORM);
  await expect(summary(page, 'Format')).toHaveText('Your column mapping');
  await expect(summary(page, 'Already in your journal')).toHaveText('2 (skipped)');
  await dialog(page).getByRole('button', { name: 'Change column mapping' }).click();
  await expect(dialog(page).getByRole('form', { name: 'Column mapping' }).getByLabel('Price *')).toHaveValue(
    'Px',
  );
});

// Most members export "the last 90 days": a file that starts with a sale of shares bought before it.
// A plain sale with nothing held says neither that nor "short sale": the preview asks. Answered "held
// before", the sale is no trade (no short, no phantom P&L) until the earlier file brings its opening;
// then it is the exact round trip it was. Answered "a short sale", it is a short round trip at once.
const csvFile = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(['Date,Time,Symbol,Quantity,Price,Side', ...rows].join('\n')),
});
const LAST_90_DAYS = csvFile('last-90-days.csv', [
  '07/01/2026,10:00:00,ABCD,2000,4.168,S',
  '07/01/2026,10:30:00,ABCD,500,4.00,B',
]);
const EARLIER = csvFile('earlier.csv', ['06/02/2026,09:30:00,ABCD,2000,4.00,B']);

async function importFile(page: Page, file: typeof EARLIER, executions: number) {
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await dialog(page).getByLabel('Broker file').setInputFiles(file);
  await expect(summary(page, 'Executions')).toHaveText(String(executions));
}

/** The preview's question about a sale with nothing held before it, answered. */
async function answer(page: Page, symbol: string, choice: 'short' | 'held') {
  const question = dialog(page).getByRole('region', { name: /needs? your answer/ });
  await expect(question).toContainText(`sold`);
  await expect(question).toContainText(symbol);
  await question
    .getByRole('button', {
      name: choice === 'short' ? 'A short sale, covered later' : /Shares held before this file/,
    })
    .click();
  await expect(question).toBeHidden();
}

async function save(page: Page, executions: number) {
  await dialog(page)
    .getByRole('button', { name: `Import ${executions} execution${executions === 1 ? '' : 's'}` })
    .click();
  await expect(dialog(page).getByText('Import finished.')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
}

test('a file that starts mid-position, then the earlier file: the sale becomes its exact round trip', async ({
  page,
}) => {
  await signInNewMember(page);
  await page.goto('/trades');
  // A phone's height: the preview is taller than the screen, its buttons stay in view.
  await page.setViewportSize({ width: 390, height: 640 });

  await importFile(page, LAST_90_DAYS, 2);
  await expect(summary(page, 'Open positions')).toHaveText('0');
  await expect(summary(page, 'Waiting for your answer')).toContainText('2 executions of 1 symbol');
  await answer(page, 'ABCD', 'held');
  await expect(dialog(page).getByRole('button', { name: 'Import 2 executions' })).toBeInViewport();
  await expect(summary(page, 'Closed trades')).toHaveText('0');
  await expect(summary(page, 'Open positions')).toHaveText('1');
  await expect(summary(page, 'Opened before this file')).toContainText('1 close');
  await expect(dialog(page).getByText(/Line 2: a sale of 2,000 ABCD bought before this file/)).toBeVisible();
  await save(page, 2);

  const before = page.getByRole('table', { name: 'Opened before your history' });
  await expect(before.getByRole('row', { name: /ABCD/ })).toContainText('2,000');
  await expect(before.getByRole('row', { name: /ABCD/ })).toContainText('$8,336.00');
  await expect(page.getByRole('table', { name: 'Open positions' })).toContainText('500');

  await importFile(page, EARLIER, 1);
  await save(page, 1);
  await expect(before).toBeHidden();
  const trip = page.getByRole('table', { name: 'Closed trades' }).getByRole('row', { name: /ABCD/ });
  await expect(trip).toContainText('2,000');
  await expect(trip).toContainText('+$336.00');
  await expect(page.getByRole('table', { name: 'Open positions' })).toContainText('500');
});

test('a sale of shares held before the history is completed by entering what they cost', async ({ page }) => {
  await signInNewMember(page);
  await page.goto('/trades');
  await importFile(page, LAST_90_DAYS, 2);
  await answer(page, 'ABCD', 'held');
  await save(page, 2);

  const before = page.getByRole('table', { name: 'Opened before your history' });
  await before.getByRole('button', { name: 'Enter its opening' }).click();
  const form = page.getByRole('form', { name: 'Opening of ABCD' });
  await form.getByRole('button', { name: 'Save opening' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter the price a share, e.g. 0.0042');
  await form.getByLabel('Price a share when bought').fill('4.00');
  await form.getByLabel('Day opened').fill('2026-06-02');
  await form.getByRole('button', { name: 'Save opening' }).click();

  await expect(before).toBeHidden();
  const trip = page.getByRole('table', { name: 'Closed trades' }).getByRole('row', { name: /ABCD/ });
  await expect(trip).toContainText('2,000');
  await expect(trip).toContainText('+$336.00');
});

test('the import preview completes a sale of earlier shares with its opening, imported with the file', async ({
  page,
}) => {
  await signInNewMember(page);
  await page.goto('/trades');
  await importFile(page, LAST_90_DAYS, 2);
  await answer(page, 'ABCD', 'held');
  const earlier = dialog(page).getByRole('list', { name: 'Opened before this file' });
  await expect(earlier).toContainText('Line 2: sold 2,000 ABCD ($8,336.00)');
  await earlier.getByRole('button', { name: 'Enter its opening' }).click();
  const form = dialog(page).getByRole('form', { name: 'Opening of ABCD' });
  await form.getByLabel('Price a share when bought').fill('4.00');
  await form.getByLabel('Day opened').fill('2026-06-02');
  await form.getByRole('button', { name: 'Save opening' }).click();
  await expect(earlier).toContainText('opened at 4.00 on 2026-06-02, imported with the file');
  await save(page, 3);

  await expect(page.getByRole('table', { name: 'Opened before your history' })).toBeHidden();
  const trip = page.getByRole('table', { name: 'Closed trades' }).getByRole('row', { name: /ABCD/ });
  await expect(trip).toContainText('+$336.00');
});

test('a sale with nothing held before it, answered "a short sale": the round trip joins the reports', async ({
  page,
}) => {
  await signInNewMember(page);
  await page.goto('/trades');
  const file = csvFile('opens-with-a-sale.csv', [
    '07/01/2026,10:00:00,WXYZ,2000,4.168,S',
    '07/01/2026,10:30:00,WXYZ,2000,4.00,B',
  ]);
  await importFile(page, file, 2);
  // Nothing in the file says what the first sale was: asked, and counted nowhere until answered.
  await expect(summary(page, 'Closed trades')).toHaveText('0');
  await expect(summary(page, 'Open positions')).toHaveText('0');
  await answer(page, 'WXYZ', 'short');
  // Short 2,000 at 4.168, covered at 4.00: 2,000 × 0.168 = 336.00.
  await expect(summary(page, 'Closed trades')).toHaveText('1');
  await expect(summary(page, 'Net P&L (USD)')).toHaveText('+$336.00 over 1 closed trade (fees $0.00)');
  await save(page, 2);

  const trip = page.getByRole('table', { name: 'Closed trades' }).getByRole('row', { name: /WXYZ/ });
  await expect(trip).toContainText('Short');
  await expect(trip).toContainText('+$336.00');
  await expect(page.getByRole('table', { name: 'Open positions' })).toBeHidden();
  await expect(page.locator('[data-flat-sells]')).toBeHidden();
  // The reports count it: one closed trade, a win, the P&L by side.
  const stats = page.getByRole('region', { name: 'Statistics' });
  await expect(stats).toContainText('Net P&L');
  await expect(stats).toContainText('+$336.00');
});

test('option rows are reported apart, never imported as stock', async ({ page }) => {
  await signInNewMember(page);
  await page.goto('/trades');
  const file = csvFile('with-options.csv', [
    '03/09/2026,09:35:00,SPXW260309C06975000,2,4.10,B',
    '03/09/2026,09:50:00,SPXW260309C06975000,2,5.30,S',
    '03/09/2026,10:00:00,AITX,100000,0.0061,B',
    '03/09/2026,10:20:00,AITX,100000,0.0064,S',
  ]);
  await importFile(page, file, 2);
  await expect(
    dialog(page).getByText(/2 option rows not imported: options are not supported yet/),
  ).toBeVisible();
  await expect(dialog(page).getByText(/Line 2: SPXW260309C06975000: an option, not imported/)).toBeVisible();
  await expect(summary(page, 'Closed trades')).toHaveText('1');
  await save(page, 2);
  await page.getByRole('button', { name: 'Executions', exact: true }).click();
  const executions = page.locator('table[aria-labelledby="trade-history-title"]');
  await expect(executions.getByRole('row', { name: /AITX/ })).toHaveCount(2);
  await expect(executions).not.toContainText('SPXW');
});

test('a sale saved unanswered is asked about on /trades; the answer holds on another device and for the next import of the file', async ({
  page,
}) => {
  await signInNewMember(page);
  await page.goto('/trades');
  const file = csvFile('saved-unanswered.csv', [
    '07/02/2026,10:00:00,QRST,1000,2.10,S',
    '07/02/2026,10:30:00,QRST,1000,2.00,B',
  ]);
  await importFile(page, file, 2);
  await expect(summary(page, 'Waiting for your answer')).toContainText('2 executions of 1 symbol');
  await save(page, 2);

  // Saved without an answer: the page asks, and counts neither fill until it is answered.
  const question = page.getByRole('region', { name: 'One sale needs your answer' });
  await expect(question).toContainText('QRST');
  await expect(page.getByRole('table', { name: 'Closed trades' })).not.toContainText('QRST');
  await question.getByRole('button', { name: 'A short sale, covered later' }).click();
  await expect(question).toBeHidden();
  // Short 1,000 at 2.10, covered at 2.00: 100.00.
  const trip = page.getByRole('table', { name: 'Closed trades' }).getByRole('row', { name: /QRST/ });
  await expect(trip).toContainText('Short');
  await expect(trip).toContainText('+$100.00');

  // Kept for the member too: a browser without the answer (another device) takes it from the server.
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('trade-flat-sells:'))),
    )
    .toHaveLength(1);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('trade-flat-sells:')) localStorage.removeItem(key);
  });
  await page.reload();
  await expect(trip).toContainText('+$100.00');
  await expect(question).toBeHidden();

  // The same file again: the answer is remembered, nothing is asked, the fills are already there.
  await importFile(page, file, 2);
  await expect(dialog(page).locator('[data-flat-sells]')).toHaveCount(0);
  await expect(summary(page, 'Closed trades')).toHaveText('1');
  await expect(summary(page, 'Already in your journal')).toHaveText('2 (skipped)');
});
