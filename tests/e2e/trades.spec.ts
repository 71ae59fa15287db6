import type { Locator, Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The trade history page end to end (docs/product.md §2 Trade history, §5 Trade form): the real functions and store.

// A member abroad: times still read in market time (New York), not the browser's zone.
test.use({ timezoneId: 'Europe/Paris' });

const form = (page: Page, name = 'Add Trade') => page.getByRole('dialog', { name });
const formError = (dialog: Locator) => dialog.getByRole('alert');
const submit = (dialog: Locator, name = 'Add Trade') =>
  dialog.getByRole('button', { name, exact: true }).click();
const tradeRow = (page: Page, side: 'Buy' | 'Sell') =>
  page.locator('.trade-table tbody tr').filter({ has: page.getByRole('cell', { name: side, exact: true }) });
const stat = (page: Page, label: string) =>
  page.locator('.stat-card').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

test('a member adds, edits and deletes trades, and the statistics follow', async ({ page }) => {
  // A whole journey: three times the test budget (playwright.config.ts).
  test.slow();
  await signInNewMember(page);
  await page.goto('/trades');
  await expect(page.getByRole('heading', { level: 1, name: 'Trade History', exact: true })).toBeVisible();
  await expect(page.getByText('No closed trades yet')).toBeVisible();
  await expect(page.getByText('No trades yet: add your first trade.')).toBeVisible();
  // Closed trades are the main view; the executions are one click away.
  await page.getByRole('button', { name: 'Executions', exact: true }).click();
  await expect(page.getByText('No trades yet: add your first trade.')).toBeVisible();

  // The buy, each bad input's message first.
  await page.getByRole('button', { name: 'Add Trade' }).click();
  const add = form(page);
  await submit(add);
  await expect(formError(add)).toHaveText('Please enter a stock symbol');
  await add.getByLabel('Symbol').fill('ab$cd');
  await submit(add);
  await expect(formError(add)).toHaveText('Please enter a trade price');
  await add.getByLabel('Buy price').fill('1.23456');
  await submit(add);
  await expect(formError(add)).toHaveText('Please enter a valid trade price');
  await add.getByLabel('Buy price').fill('');
  await add.getByLabel('Buy price').pressSequentially('0,00x42');
  await expect(add.getByLabel('Buy price')).toHaveValue('0.0042');
  await submit(add);
  await expect(formError(add)).toHaveText('Please enter the number of shares');
  await add.getByLabel('Shares').fill('10.5');
  await submit(add);
  await expect(formError(add)).toHaveText('Please enter a valid number of shares');
  await add.getByLabel('Shares').fill('1000000');
  await submit(add);
  await expect(add).toBeHidden();
  await expect(tradeRow(page, 'Buy')).toContainText('ABCD');
  await expect(tradeRow(page, 'Buy')).toContainText('1,000,000');
  await expect(tradeRow(page, 'Buy').locator('time')).toHaveText(/\d{1,2}:\d{2}:\d{2} [AP]M E[SD]T$/);
  await expect(stat(page, 'Open positions')).toContainText('1');

  // The sell closes the round trip: 1,000,000 × (0.0051 − 0.0042) = 900.
  await page.getByRole('button', { name: 'Add Trade' }).click();
  const sell = form(page);
  await sell.getByLabel('Symbol').fill('ABCD');
  await sell.getByLabel('Sell', { exact: true }).check();
  await sell.getByLabel('Buy price').fill('0.0042');
  await sell.getByLabel('Sell price').fill('0.0051');
  await sell.getByLabel('Shares').fill('1000000');
  await submit(sell);
  await expect(sell).toBeHidden();
  await expect(tradeRow(page, 'Sell')).toContainText('0.0051');
  // Money in the trade's currency with cents; the exact amount in the tooltip.
  await expect(stat(page, 'Net P&L')).toContainText('+$900.00');
  await expect(stat(page, 'Net P&L').locator('.stat-card__value')).toHaveAttribute('title', '+900.0000 USD');
  await expect(stat(page, 'Max drawdown')).toContainText('$0.00');
  await expect(stat(page, 'Win rate')).toContainText('100%');
  await expect(stat(page, 'Closed trades')).toContainText('1');
  await expect(stat(page, 'Open positions')).toContainText('0');
  await expect(page.getByRole('table', { name: 'P&L by symbol (top 10)' })).toContainText('ABCD');
  await expect(page.locator('.pnl-chart canvas')).toBeVisible();
  const curve = page.getByRole('img', { name: 'Cumulative net P&L chart' });
  await expect(curve).toHaveAccessibleDescription(/of 1 closed trade on .*: ends at \+\$900\.00,/);

  // Sorting by symbol marks the column.
  const symbolHeader = page
    .getByRole('table', { name: 'Trades', exact: true })
    .getByRole('columnheader', { name: 'Symbol', exact: true });
  await symbolHeader.getByRole('button').click();
  await expect(symbolHeader).toHaveAttribute('aria-sort', 'ascending');

  // Filters narrow the table.
  await page.getByRole('combobox', { name: 'Side' }).selectOption('sell');
  await expect(page.locator('.trade-table tbody tr')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Side' }).selectOption('');
  await page.getByRole('combobox', { name: 'Position' }).selectOption('open');
  await expect(page.getByText('No trades match.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Position' }).selectOption('closed');
  await expect(page.locator('.trade-table tbody tr')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Position' }).selectOption('');

  // Edit the buy's note.
  await tradeRow(page, 'Buy').getByRole('button', { name: /^Edit/ }).click();
  const edit = form(page, 'Edit Trade');
  await expect(edit.getByLabel('Symbol')).toHaveValue('ABCD');
  await edit.getByLabel('Note').fill('  Gap <b>and</b> go  ');
  await submit(edit, 'Save Trade');
  await expect(edit).toBeHidden();
  await expect(tradeRow(page, 'Buy')).toContainText('Gap bandb go');

  // The symbol opens the journal filtered to it.
  await expect(tradeRow(page, 'Buy').getByRole('link', { name: 'ABCD' })).toHaveAttribute(
    'href',
    '/journal?symbol=ABCD',
  );

  // Delete the sell through the confirmation: the round trip is gone.
  await tradeRow(page, 'Sell')
    .getByRole('button', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Trade' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(tradeRow(page, 'Sell')).toHaveCount(0);
  await expect(page.getByText('No closed trades yet')).toBeVisible();
  await expect(stat(page, 'Win rate')).toContainText('—');
  await expect(curve).toHaveCount(0);

  // Import Trades has its place.
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await expect(page.getByRole('dialog', { name: 'Import Trades' })).toBeVisible();
});

test('a visitor sees the pitch and no trades', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/journal/trades')) calls.push(r.url());
  });
  await page.goto('/trades');
  await expect(page.getByRole('heading', { level: 1, name: 'Trade History', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Track every trade' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible();
  expect(calls).toEqual([]);
});

test('a failed save says so and keeps what was typed; a refused one shows the server’s words', async ({
  page,
}) => {
  await signInNewMember(page);
  await page.goto('/trades');
  let answer = { status: 500, body: { error: 'Something went wrong. Please try again.' } };
  await page.route('**/api/journal/trades/update', (route) =>
    route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    }),
  );
  await page.getByRole('button', { name: 'Add Trade' }).click();
  const add = form(page);
  await add.getByLabel('Symbol').fill('WXYZ');
  await add.getByLabel('Buy price').fill('0.0007');
  await add.getByLabel('Shares').fill('250000');
  await submit(add);
  await expect(formError(add)).toHaveText('There was an error adding your trade. Please try again.');
  await expect(add.getByLabel('Symbol')).toHaveValue('WXYZ');
  await expect(add.getByLabel('Buy price')).toHaveValue('0.0007');
  await expect(add.getByLabel('Shares')).toHaveValue('250000');
  answer = {
    status: 503,
    body: { error: 'The service is temporarily unavailable. Please try again in a moment.' },
  };
  await submit(add);
  await expect(formError(add)).toHaveText(
    'There was an error adding your trade. Please try again. The service is temporarily unavailable; what you typed is kept.',
  );
  await expect(add.getByLabel('Symbol')).toHaveValue('WXYZ');
  answer = { status: 422, body: { error: 'You have reached the limit of 100,000 trades.' } };
  await submit(add);
  await expect(formError(add)).toHaveText('You have reached the limit of 100,000 trades.');
});

test('a long history renders only the rows on screen, in a real table', async ({ page }) => {
  await signInNewMember(page);
  const start = Date.UTC(2026, 0, 5, 15);
  const trades = Array.from({ length: 350 }, (_, i) => ({
    trade_id: `trade_${String(i).padStart(16, '0')}`,
    symbol: `S${i}`,
    tradeType: 'buy',
    shares: '1000',
    buyPrice: '0.01',
    sellPrice: null,
    sellProfit: null,
    fees: '0',
    note: '',
    time: start + i * 60_000,
    updated: start,
    source: 'manual',
    account: null,
    intent: null,
    fingerprint: null,
  }));
  await page.route('**/api/journal/trades', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ trades: trades.slice().reverse(), more: false, total: trades.length }),
    }),
  );
  await page.goto('/trades');
  await page.getByRole('button', { name: 'Executions', exact: true }).click();
  const table = page.getByRole('table', { name: 'Trades', exact: true });
  await expect(table.getByRole('link', { name: 'S349', exact: true })).toBeVisible();
  const rendered = await table.locator('tbody tr:not(.spacer-row)').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(100);
  await expect(stat(page, 'Open positions')).toContainText('350');
});

test('a long list of closed trades: a trade expands and folds back, and the list is as tall as before', async ({
  page,
}) => {
  await signInNewMember(page);
  const start = Date.UTC(2026, 0, 5, 15);
  const trade = (i: number, side: 'buy' | 'sell') => ({
    trade_id: `trade_${String(i * 2 + (side === 'sell' ? 1 : 0)).padStart(16, '0')}`,
    symbol: `S${i}`,
    tradeType: side,
    shares: '1000',
    buyPrice: side === 'buy' ? '0.01' : null,
    sellPrice: side === 'sell' ? '0.012' : null,
    sellProfit: null,
    fees: '0',
    note: '',
    time: start + i * 120_000 + (side === 'sell' ? 60_000 : 0),
    updated: start,
    source: 'manual',
    account: null,
    intent: null,
    fingerprint: null,
  });
  // 300 round trips: past the 200 from which the table draws only what is on screen.
  const trades = Array.from({ length: 300 }, (_, i) => [trade(i, 'buy'), trade(i, 'sell')]).flat();
  await page.route('**/api/journal/trades', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ trades: trades.slice().reverse(), more: false, total: trades.length }),
    }),
  );
  await page.goto('/trades');
  const table = page.getByRole('table', { name: 'Closed trades' });
  await expect(table.getByRole('link', { name: 'S299', exact: true })).toBeVisible();
  expect(await table.locator(':scope > tbody > tr:not(.spacer-row)').count()).toBeLessThan(100);
  const scroller = page.locator('.trade-table-wrap.is-virtual');
  const height = () => scroller.evaluate((el) => el.scrollHeight);
  const folded = await height();
  const expand = table.getByRole('button', { name: /^Show the executions and tags of S299 / });
  await expand.click();
  await expect(page.getByRole('table', { name: /^Executions of S299/ })).toBeVisible();
  await expect.poll(height).toBeGreaterThan(folded);
  await table.getByRole('button', { name: /^Hide the executions and tags of S299 / }).click();
  await expect(page.getByRole('table', { name: /^Executions of S299/ })).toHaveCount(0);
  await expect.poll(height).toBe(folded);
});
