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
  // A sell asks for its sell price only.
  await expect(sell.getByLabel('Buy price')).toHaveCount(0);
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

/** A day in the member's trade-time zone (New York), `days` from today. */
const marketDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(Date.now() + days * 86_400_000);

test('Add Trade logs yesterday’s sell as it happened, with its fees, and the statistics follow', async ({
  page,
}) => {
  test.slow();
  await signInNewMember(page);
  await page.goto('/trades');
  await page.getByRole('button', { name: 'Executions', exact: true }).click();
  const yesterday = marketDay(-1);

  await page.getByRole('button', { name: 'Add Trade' }).click();
  const add = form(page);
  // A new trade starts now, in market time, with no fees.
  await expect(add.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(add.getByLabel('Fees')).toHaveValue('0');
  await add.getByLabel('Symbol').fill('ABCD');
  await add.getByLabel('Buy price').fill('0.0042');
  await add.getByLabel('Shares').fill('1000000');
  await add.getByLabel('Date').fill(yesterday);
  await add.getByLabel('Time', { exact: true }).fill('10:00:00');
  await add.getByLabel('Fees').fill('0,99');
  await submit(add);
  await expect(add).toBeHidden();

  await page.getByRole('button', { name: 'Add Trade' }).click();
  const sell = form(page);
  await sell.getByLabel('Symbol').fill('ABCD');
  await sell.getByLabel('Sell', { exact: true }).check();
  await expect(sell.getByLabel('Buy price')).toHaveCount(0);
  await sell.getByLabel('Shares').fill('1000000');
  // The message marks the field at fault, describes it and puts the cursor there.
  await submit(sell);
  await expect(formError(sell)).toHaveText('Please enter a trade price');
  const sellPrice = sell.getByLabel('Sell price');
  await expect(sellPrice).toHaveAttribute('aria-invalid', 'true');
  await expect(sellPrice).toHaveAccessibleDescription('Please enter a trade price');
  await expect(sellPrice).toBeFocused();
  await sellPrice.fill('0.0051');
  await sell.getByLabel('Date').fill(marketDay(2));
  await submit(sell);
  await expect(formError(sell)).toHaveText('The trade time cannot be in the future');
  await expect(sell.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(sell.getByLabel('Date')).toBeFocused();
  await expect(sellPrice).not.toHaveAttribute('aria-invalid', 'true');
  await sell.getByLabel('Date').fill(yesterday);
  await sell.getByLabel('Time', { exact: true }).fill('11:30:00');
  await sell.getByLabel('Fees').fill('1.5');
  await submit(sell);
  await expect(sell).toBeHidden();

  // 1,000,000 × (0.0051 − 0.0042) = 900, less 0.99 + 1.50 of fees, on yesterday's date.
  await expect(tradeRow(page, 'Sell').locator('time')).toHaveText(/11:30:00 AM E[SD]T$/);
  await expect(stat(page, 'Net P&L')).toContainText('+$897.51');
  await expect(
    page.getByRole('button', { name: `${yesterday}: +$897.51, 1 trade: show them` }),
  ).toBeVisible();
});

test('one-trade chart: a point on its day with hours around it, 0 in view, its words in cents', async ({
  page,
}) => {
  await signInNewMember(page);
  const stored = (side: 'buy' | 'sell', time: number, price: string) => ({
    trade_id: `trade_${side === 'buy' ? 'B' : 'S'}${'0'.repeat(15)}`,
    symbol: 'ABCD',
    tradeType: side,
    shares: '1000000',
    buyPrice: side === 'buy' ? price : null,
    sellPrice: side === 'sell' ? price : null,
    sellProfit: null,
    fees: '0',
    note: '',
    time,
    updated: time,
    source: 'manual',
    account: null,
    intent: null,
    fingerprint: null,
  });
  // Bought and sold on 2026-11-25 (New York): +773.80.
  const exit = Date.UTC(2026, 10, 25, 16, 0);
  const trades = [stored('sell', exit, '0.0050'), stored('buy', exit - 3_600_000, '0.0042262')];
  await page.route('**/api/journal/trades', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ trades, more: false, total: trades.length }),
    }),
  );
  await page.goto('/trades');
  const curve = page.getByRole('img', { name: 'Cumulative net P&L chart' });
  await expect(curve).toHaveAccessibleDescription(
    'Cumulative net P&L of 1 closed trade on 2026-11-25: ends at +$773.80, highest +$773.80, lowest +$773.80.',
  );
  await expect(curve).toHaveAttribute('data-x-range', /\d/);
  const range = async (name: string) =>
    ((await curve.getAttribute(name)) ?? '').split(' ').map(Number) as [number, number];
  const [xMin, xMax] = await range('data-x-range');
  // The chart's x values are the exit's wall clock read on this device (Paris), in seconds.
  expect(xMin).toBeLessThan(xMax);
  expect(xMax - xMin).toBeLessThanOrEqual(86_400);
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  expect([day(xMin), day(xMax)]).toEqual(['2026-11-25', '2026-11-25']);
  const [yMin, yMax] = await range('data-y-range');
  expect(yMin).toBeLessThan(0);
  expect(yMax).toBeGreaterThan(773.8);
  expect(yMax).toBeLessThan(1000);
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
  // A goal's link to the oldest trip, last of the 300: the table scrolls to it, opens it and focuses
  // its tag box.
  await page.goto('about:blank');
  await page.goto('/trades#tags=trade_0000000000000000');
  const detail = page.locator('tr', { has: page.getByRole('table', { name: /^Executions of S0 / }) });
  await expect(detail.getByRole('form', { name: 'Add a tag' }).locator('input').first()).toBeFocused();
  await expect(page.getByRole('table', { name: /^Executions of S0 / })).toBeInViewport();
});
