import type { Locator } from '@playwright/test';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { hold } from './support/hold.ts';
import { memberApi, signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';
import { importBrokerFile, TRADEZERO } from './support/trades.ts';

// /trades draws from the journal, then two reports arrive with data of their own (docs/trades.md,
// "Excursions by setup", "Rules by week"), and on a picked day its journal notes. Arriving between
// the statistics and the trades, they once pushed Import Trades and the rows down under the member's
// pointer: a click meant for Import Trades landed elsewhere. Here their data is held back until the
// page is drawn and measured, then let go.

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

  const { release } = await hold(page, /\/api\/journal\/trades\/(rules|excursions)$/);
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

test("a day's journal notes, arriving after the page, move neither Import Trades nor the trade views", async ({
  page,
}) => {
  await signInNewMember(page);
  // Four notes saved today: the list they make is taller than its loading line.
  for (const n of [1, 2, 3, 4])
    await memberApi(page, 'journal/notes/update', {
      note_id: `note_Daynotes0000000${n}`,
      title: `Plan ${n}`,
      body: `<p>Plan ${n} for $ABCD</p>`,
      basedOn: null,
      symbols: ['ABCD'],
      categories: [],
    });

  // Only the day's notes (asked with from/to) are held; the start-up list of notes goes through.
  const { release } = await hold(
    page,
    '**/api/journal/notes',
    (request) => request.postDataJSON()?.from !== undefined,
  );
  await page.goto('/trades?period=today');

  const notes = page.getByRole('region', { name: /^Journal notes on / });
  await expect(notes.getByText('Loading…')).toBeVisible();
  await expect(page.getByText('No trades yet: add your first trade.')).toBeVisible();
  const importButton = page.getByRole('button', { name: 'Import Trades' });
  const views = page.getByRole('button', { name: 'Executions' });
  const before = { button: await pageTop(importButton), views: await pageTop(views) };

  release();
  await expect(notes.getByRole('link', { name: /^Plan \d$/ })).toHaveCount(4);
  expect({ button: await pageTop(importButton), views: await pageTop(views) }).toEqual(before);
});

test('Rules by week keeps its figures while a changed answer is checked again', async ({ page }) => {
  test.slow(); // two imports
  const { sub } = await signInNewMember(page);
  await withStore((redis) =>
    redis.sAdd(progressKeys.articlesRead(sub), 'write_the_trade_plan_before_you_enter'),
  );
  await page.goto('/trades');
  await importBrokerFile(page, TRADEZERO, 9);
  // A file that opens with a sale: saved unanswered, the page asks what it was.
  await importBrokerFile(
    page,
    {
      name: 'sale-first.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Date,Time,Symbol,Quantity,Price,Side',
          '07/02/2026,10:00:00,QRST,1000,2.10,S',
          '07/02/2026,10:30:00,QRST,1000,2.00,B',
        ].join('\n'),
      ),
    },
    2,
  );
  // The three TradeZero trips, none with a written plan: each broke the rule.
  const weekly = page.getByRole('region', { name: 'Rules by week' });
  const total = weekly.getByRole('row', { name: /^All weeks/ }).getByRole('cell');
  await expect(total).toHaveText(['3', '3']);

  // The answer changes which trips there are: the rules are asked again, held here.
  const { release, reached } = await hold(
    page,
    '**/api/journal/trades/rules',
    (request) => request.postDataJSON()?.answers !== undefined,
  );
  const question = page.getByRole('region', { name: 'One sale needs your answer' });
  await question.getByRole('button', { name: 'A short sale, covered later' }).click();
  await reached;
  // Meanwhile the figures already checked stay up, rather than the report going blank.
  await expect(total).toHaveText(['3', '3']);
  release();
  // Then the short round trip is counted too.
  await expect(total).toHaveText(['4', '4']);
});
