import type { Page } from '@playwright/test';
import content from '../../content/library/videos.json' with { type: 'json' };
import { videoSlug } from '../../member-app/videos/slug.ts';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The notes journal end to end: the real functions, store and editor in Chromium (docs/product.md §2 Journal, §4).

const tour = content.videos.find((v) => v.id === 'tour-library') as (typeof content.videos)[number];
const tourPath = `/videos/watch/${tour.id}/${videoSlug(tour.title)}`;

const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });
const title = (page: Page) => page.getByRole('textbox', { name: 'Title' });
const tool = (page: Page, name: string) =>
  page.getByRole('toolbar').getByRole('button', { name, exact: true });
const notes = (page: Page) => page.getByRole('list', { name: 'Notes' }).getByRole('listitem');
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const status = (page: Page) => page.locator('.journal-status');

async function openJournal(page: Page) {
  await page.goto('/journal');
  await expect(editor(page)).toBeVisible();
}

/** Pastes text as the clipboard would, onto the focused editor. */
async function paste(page: Page, text: string) {
  await editor(page).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function writeNote(page: Page, noteTitle: string, text: string) {
  await title(page).fill(noteTitle);
  await editor(page).click();
  await page.keyboard.type(text);
}

test.describe('a member', () => {
  test('writes a note with a cashtag, a category, a link, a table and a pasted video, saves it, and finds it all after a reload', async ({
    page,
  }) => {
    // A whole journey: three times the test budget (playwright.config.ts).
    test.slow();
    await signInNewMember(page);
    await openJournal(page);
    // docs/product.md §4: with no notes, a blank note is there to type in.
    await expect(notes(page)).toHaveCount(1);
    await expect(save(page)).toBeDisabled();

    await page.getByPlaceholder('New category').fill('Gap plays');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Gap plays', exact: true })).toBeVisible();

    await writeNote(page, 'ABCD morning plan', 'Watching $abcd today ');
    await expect(page.locator('[data-cashtag="ABCD"]')).toBeVisible();
    await expect(status(page)).toHaveText('Unsaved changes');
    await expect(page).toHaveURL(/saved=false/);
    await page.getByRole('checkbox', { name: 'Gap plays' }).check();

    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Filing');
    await editor(page).getByText('Filing', { exact: true }).dblclick();
    page.once('dialog', (dialog) => dialog.accept('https://www.otcmarkets.com/stock/ABCD/disclosure'));
    await tool(page, 'Link').click();
    await expect(editor(page).getByRole('link', { name: 'Filing' })).toBeVisible();

    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await tool(page, 'Table').click();
    await expect(editor(page).locator('table th')).toHaveCount(3);
    await expect(editor(page).locator('table td')).toHaveCount(6);
    await page.keyboard.type('Entry');

    await editor(page).locator('p').first().click();
    await page.keyboard.press('End');
    await paste(page, `http://localhost${tourPath}`);
    await expect(editor(page).locator('.note-video')).toContainText(tour.title);

    await save(page).click();
    await expect(status(page)).toHaveText('Saved');
    await expect(page).not.toHaveURL(/saved=false/);

    await page.reload();
    await expect(title(page)).toHaveValue('ABCD morning plan');
    await expect(page.locator('[data-cashtag="ABCD"]')).toBeVisible();
    await expect(editor(page).getByRole('link', { name: 'Filing' })).toHaveAttribute(
      'href',
      'https://www.otcmarkets.com/stock/ABCD/disclosure',
    );
    await expect(editor(page).locator('table th').first()).toHaveText('Entry');
    await expect(editor(page).locator('.note-video')).toContainText(tour.title);
    await expect(page.getByRole('checkbox', { name: 'Gap plays' })).toBeChecked();
    await expect(status(page)).toHaveText('Saved');

    // Filters: by symbol and by category.
    await page.getByRole('button', { name: 'New Journal Entry' }).click();
    await writeNote(page, 'Unrelated', 'Nothing to see');
    await save(page).click();
    await expect(status(page)).toHaveText('Saved');
    await expect(notes(page)).toHaveCount(2);
    await page.getByRole('button', { name: /^\$ABCD/ }).click();
    await expect(notes(page)).toHaveText([/ABCD morning plan/]);
    await page.getByRole('button', { name: /^\$ABCD/ }).click();
    await page.getByRole('button', { name: 'Gap plays', exact: true }).click();
    await expect(notes(page)).toHaveText([/ABCD morning plan/]);
    await page.getByRole('button', { name: 'Gap plays', exact: true }).click();

    // The search box looks in the text too, not only the titles.
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('watching');
    await expect(notes(page)).toHaveText([/ABCD morning plan/]);
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('nothing to');
    await expect(notes(page)).toHaveText([/Unrelated/]);
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('');
    await expect(notes(page)).toHaveCount(2);
  });

  test('is asked before leaving unsaved changes, and the draft survives a reload', async ({ page }) => {
    await signInNewMember(page);
    await openJournal(page);
    await writeNote(page, 'Half-written', 'Words I must not lose');
    await expect(page).toHaveURL(/saved=false/);

    // docs/product.md §4: the in-app prompt; cancel stays.
    page.once('dialog', async (dialog) => {
      expect(dialog.message()).toBe("You haven't saved your changes yet. Are you sure you want to leave?");
      await dialog.dismiss();
    });
    await page.locator('header').getByRole('link', { name: 'Videos' }).first().click();
    await expect(page).toHaveURL(/\/journal/);

    // A reload (the browser's own warning accepted) restores the draft, still marked unsaved.
    page.once('dialog', (dialog) => dialog.accept());
    await page.reload();
    await expect(title(page)).toHaveValue('Half-written');
    await expect(editor(page)).toContainText('Words I must not lose');
    await expect(status(page)).toHaveText('Unsaved changes');

    // Confirming the prompt leaves.
    page.once('dialog', (dialog) => dialog.accept());
    await page.locator('header').getByRole('link', { name: 'Videos' }).first().click();
    await expect(page).toHaveURL(/\/videos/);
  });

  test("deletes a note through the 'Delete Note' modal", async ({ page }) => {
    await signInNewMember(page);
    await openJournal(page);
    await writeNote(page, 'To delete', 'Soon gone $WXYZ ');
    await save(page).click();
    await expect(status(page)).toHaveText('Saved');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Delete Note' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(modal).toBeHidden();
    await expect(notes(page).filter({ hasText: 'To delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^\$WXYZ/ })).toHaveCount(0);
    await page.reload();
    await expect(notes(page).filter({ hasText: 'To delete' })).toHaveCount(0);
  });

  test('downloads every note in one HTML file', async ({ page }) => {
    await signInNewMember(page);
    await openJournal(page);
    await writeNote(page, 'Kept forever', 'Exported words $EXPO ');
    await save(page).click();
    await expect(status(page)).toHaveText('Saved');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all notes' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^otc-edge-journal-\d{4}-\d{2}-\d{2}\.html$/);
    const { readFile } = await import('node:fs/promises');
    const html = await readFile((await file.path()) as string, 'utf8');
    expect(html).toContain('<h2>Kept forever</h2>');
    expect(html).toContain('Exported words');
    expect(html).toContain('$EXPO');
  });

  test("creates a note from a video page: 'Notes for {title}' with the video embedded", async ({ page }) => {
    await signInNewMember(page);
    await page.goto(tourPath);
    await page.getByRole('link', { name: 'Create Note' }).click();
    await expect(title(page)).toHaveValue(`Notes for ${tour.title}`.slice(0, 65));
    await expect(editor(page).locator('.note-video')).toContainText(tour.title);
    // Members play an embedded video right in the note.
    await editor(page).getByRole('button', { name: '▶ Play here' }).click();
    await expect(editor(page).locator('video.player__media')).toBeVisible();
    await save(page).click();
    await expect(status(page)).toHaveText('Saved');
  });

  test('keeps either version when the note was saved in another tab meanwhile', async ({ page, context }) => {
    // A whole journey: three times the test budget (playwright.config.ts).
    test.slow();
    await signInNewMember(page);
    await openJournal(page);
    await writeNote(page, 'Shared note', 'First version');
    await save(page).click();
    await expect(status(page)).toHaveText('Saved');

    const other = await context.newPage();
    await other.goto('/journal');
    await expect(title(other)).toHaveValue('Shared note');
    await editor(other).click();
    await other.keyboard.press('End');
    await other.keyboard.type(' edited in tab two');
    await save(other).click();
    await expect(status(other)).toHaveText('Saved');

    await editor(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' edited in tab one');
    await save(page).click();
    const conflict = page.getByRole('dialog', { name: 'This note changed elsewhere' });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(status(page)).toHaveText('Saved');
    await other.reload();
    await expect(editor(other)).toContainText('edited in tab one');
    await expect(editor(other)).not.toContainText('edited in tab two');
  });
});

test("a symbol's page lists its notes and its position", async ({ page }) => {
  await signInNewMember(page);
  await openJournal(page);
  await writeNote(page, 'Why I bought', 'Filing looked clean $ZXCV ');
  await save(page).click();
  await expect(status(page)).toHaveText('Saved');
  // A trade in the same symbol, through the API as the trade page sends it.
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/journal/trades/update', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('accessToken')}`,
      },
      body: JSON.stringify({
        trade_id: 'trade_ZXCVZXCVZXCVZXCV',
        symbol: 'zxcv',
        tradeType: 'buy',
        buyPrice: '0,0042',
        shares: '3000000',
      }),
    });
    return response.status;
  });
  expect(answer).toBe(200);
  await page.goto('/journal?symbol=ZXCV');
  await expect(notes(page)).toHaveText([/Why I bought/]);
  // One buy: no round trip yet, the position still open (trades-journal.spec.ts covers closed ones).
  const trades = page.getByRole('region', { name: 'Round trips in $ZXCV' });
  await expect(trades.getByRole('list', { name: 'Net on ZXCV' }).getByRole('listitem')).toHaveText([
    /Open long 3,000,000 @ 0\.0042/,
  ]);
  await expect(trades.getByRole('link', { name: 'Open in the trade journal' })).toHaveAttribute(
    'href',
    '/trades?symbol=ZXCV',
  );
});

test.describe('a visitor', () => {
  test("plays with the sample note and is offered 'Get Full Access'", async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/journal')) calls.push(r.url());
    });
    await page.goto('/journal');
    await expect(page.getByRole('heading', { name: 'Get Full Access' })).toBeVisible();
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' My own words $EFGH ');
    await expect(page.locator('[data-cashtag="EFGH"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
