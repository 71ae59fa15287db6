import type { Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// Money on /trades is never clipped nor wrapped (docs/trades.md, Display): the closed trades, the
// cards and every breakdown table, at a desktop's 1280 px and a phone's 390 px, over 10,000 round
// trips with long CAD amounts.

const START = Date.UTC(2026, 0, 5, 15);
const SYMBOLS = ['HMBL', 'AITX', 'ENZC', 'ALPP', 'TSNP', 'SNPW', 'DPLS', 'ILUS'];

function stored(
  id: number,
  symbol: string,
  side: 'buy' | 'sell',
  time: number,
  price: string,
  currency = 'USD',
) {
  return {
    trade_id: `trade_${String(id).padStart(16, '0')}`,
    symbol,
    tradeType: side,
    shares: '1000000',
    buyPrice: side === 'buy' ? price : null,
    sellPrice: side === 'sell' ? price : null,
    sellProfit: null,
    fees: side === 'sell' ? '4.99' : '0',
    note: '',
    time,
    updated: time,
    source: 'manual',
    account: null,
    intent: null,
    currency,
    fingerprint: null,
  };
}

/** 9,997 USD round trips, then the latest three in CAD, each −CA$1,234,567.89 net of its fees. */
function history() {
  const trades = [];
  for (let i = 0; i < 9997; i++) {
    const at = START + i * 120_000;
    const symbol = SYMBOLS[i % SYMBOLS.length] ?? 'HMBL';
    trades.push(stored(i * 2, symbol, 'buy', at, '0.0042'));
    trades.push(stored(i * 2 + 1, symbol, 'sell', at + 60_000, i % 3 ? '0.0051' : '0.0033'));
  }
  for (let i = 0; i < 3; i++) {
    const at = START + (9997 + i) * 120_000;
    trades.push(stored(20_000 + i * 2, 'WEED.TO', 'buy', at, '2.2345629', 'CAD'));
    trades.push(stored(20_001 + i * 2, 'WEED.TO', 'sell', at + 60_000, '1', 'CAD'));
  }
  return trades.reverse();
}

async function openHistory(page: Page, path = '/trades') {
  // 20,000 trades are matched into round trips and their statistics computed in the page before the
  // table shows: seconds on a quiet machine, several times that on a busy one. The journey waits for
  // that state, with the room a slow machine needs.
  test.slow();
  await signInNewMember(page);
  const body = JSON.stringify({ trades: history(), more: false, total: 20_000 });
  await page.route('**/api/journal/trades', (route) =>
    route.fulfill({ contentType: 'application/json', body }),
  );
  await page.goto(path);
  await expect(page.getByRole('table', { name: 'Closed trades' })).toContainText('−CA$1,234,567.89', {
    timeout: 90_000,
  });
}

/** Every money cell and header shown that is cut (scrolls inside itself) or runs onto a second line. */
const cutOrWrapped = (page: Page) =>
  page.evaluate(() => {
    const cells = document.querySelectorAll(
      '.trip-table thead th, .trip-table td.num, .bucket-table th[scope="col"], .bucket-table td:not(.is-text), .stat-card__value, .trip-facts dd, .pnl-day__net',
    );
    return [...cells].flatMap((el) => {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) return [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
      }
      const lines = tops.filter((top, i) => tops.findIndex((t) => Math.abs(t - top) < 4) === i).length;
      const cut = el.scrollWidth > el.clientWidth;
      return cut || lines > 1
        ? [`${el.textContent} (${el.scrollWidth} > ${el.clientWidth}, ${lines} lines)`]
        : [];
    });
  });

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 850 } });

  test('the closed trades fit with Net in view, and no amount is cut or wrapped', async ({ page }) => {
    test.slow();
    await openHistory(page);
    const table = page.getByRole('table', { name: 'Closed trades' });
    const wrap = page.locator('.trade-table-wrap.is-virtual');
    expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const net = table.getByRole('columnheader', { name: 'Net', exact: true });
    await net.scrollIntoViewIfNeeded();
    await expect(net).toBeInViewport();
    expect(
      ((await net.boundingBox())?.x ?? 9999) + ((await net.boundingBox())?.width ?? 0),
    ).toBeLessThanOrEqual(1280);
    await expect(table.getByRole('columnheader', { name: 'Return', exact: true })).toHaveText('Return');
    await expect(page.getByRole('table', { name: 'P&L by symbol (top 10)' }).first()).toBeVisible();
    expect(await cutOrWrapped(page)).toEqual([]);
    // An expanded trip shows what the row leaves out, whole.
    await table
      .getByRole('button', { name: /^Show the executions and tags of WEED\.TO / })
      .first()
      .click();
    const facts = page.getByRole('definition').filter({ hasText: '−CA$1,234,562.90' });
    await expect(facts.first()).toBeVisible();
    await expect(page.locator('.trip-facts').first()).toContainText('2.2345629');
    expect(await cutOrWrapped(page)).toEqual([]);
  });

  test('a filtered view (CAD only) keeps every amount whole', async ({ page }) => {
    await openHistory(page, '/trades?currency=CAD');
    await expect(page.locator('.stat-card__value').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'P&L by symbol (top 10)' })).toContainText(
      '−CA$3,703,703.67',
    );
    expect(await cutOrWrapped(page)).toEqual([]);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a card per trip with Net in view, and no amount is cut or wrapped', async ({ page }) => {
    test.slow();
    await openHistory(page);
    const table = page.getByRole('table', { name: 'Closed trades' });
    const row = table.locator(':scope > tbody > tr:not(.trip-detail, .spacer-row)').first();
    const net = row.locator('td.num').filter({ hasText: '−CA$1,234,567.89' }).first();
    await net.scrollIntoViewIfNeeded();
    const box = await net.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 9999)).toBeLessThanOrEqual(390);
    expect(await row.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(64, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await cutOrWrapped(page)).toEqual([]);
  });
});
