import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startEditorSandbox } from '../../scripts/local/editor-sandbox.ts';
import { expect, test } from './support/test.ts';

/**
 * The content editor with its local backend, on a throw-away copy of the project (the working tree's
 * content/ is never touched): an editor changes the FAQ in /admin/, the markdown file holds the change
 * and the rebuilt /faq shows it; an invalid edit, and an HTML page uploaded as an image, are refused in
 * the editor and nothing is written.
 */
// Decap loads and starts in a few seconds, slower on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let sandbox: Awaited<ReturnType<typeof startEditorSandbox>>;
const faqFile = () => path.join(sandbox.root, 'content/pages/faq.md');

test.beforeAll(async () => {
  sandbox = await startEditorSandbox();
});
test.afterAll(async () => {
  await sandbox?.stop();
});

/** The editor must work within its own policy: nothing it needs may be refused. */
function cspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

async function openFaq(page: Page) {
  await page.goto(`${sandbox.url}/admin/#/collections/pages/entries/faq`);
  // Decap loads its configuration and finds the local backend, whose sign-in is one button: allow a busy machine.
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
  await expect(page.getByLabel('Intro')).toBeVisible({ timeout: 60_000 });
}

test('/admin/ has its own policy and the pages keep theirs', async ({ request }) => {
  const editor = (await request.get(`${sandbox.url}/admin/`)).headers()['content-security-policy'];
  const faq = (await request.get(`${sandbox.url}/faq`)).headers()['content-security-policy'];
  expect(editor).toContain("script-src 'self' 'unsafe-eval';");
  expect(editor).toContain("frame-ancestors 'none'");
  expect(faq).toMatch(/script-src 'self' 'sha256-/);
  expect(faq).not.toContain('unsafe-eval');
});

test('an invalid edit is refused in the editor with the field named, and the file is unchanged', async ({
  page,
}) => {
  const refused = cspViolations(page);
  const before = readFileSync(faqFile(), 'utf8');
  await openFaq(page);
  await page.getByLabel('Description').fill('Too short.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page.getByText('write 50 to 200 characters')).toBeVisible();
  // The preview pane shows the page in the site's markup and styles.
  const preview = page.frameLocator('#preview-pane');
  await expect(preview.locator('.page__header h1')).toHaveText('Frequently asked questions');
  await expect(preview.locator('link[href="/admin/preview.css"]')).toHaveCount(1);
  expect(readFileSync(faqFile(), 'utf8')).toBe(before);
  expect(refused).toEqual([]);
});

test('an HTML page uploaded as an image is refused with the file named, and nothing is written', async ({
  page,
}) => {
  await page.goto(`${sandbox.url}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
  // The media library from the editor's header, as for any upload that is not tied to one field.
  await page.getByRole('button', { name: 'Media', exact: true }).click({ timeout: 60_000 });
  await page.locator('input[type="file"]').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  await expect(
    page.getByText(/cover\.png was not uploaded: it is named \.png but its content is not a PNG image/),
  ).toBeVisible();
  expect(existsSync(path.join(sandbox.root, 'site/public/images/articles/cover.png'))).toBe(false);
});

test('an editor changes the FAQ: the markdown file and the rebuilt /faq show it', async ({ page }) => {
  // The save triggers a whole site build, minutes on a slow, busy machine.
  test.setTimeout(360_000);
  const intro = `Answers checked by our editors on ${new Date().toISOString()}.`;
  await openFaq(page);
  await page.getByLabel('Intro').fill(intro);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();

  await expect.poll(() => readFileSync(faqFile(), 'utf8'), { timeout: 30_000 }).toContain(`intro: ${intro}`);
  const markdown = readFileSync(faqFile(), 'utf8');
  expect(markdown).toMatch(/^---\ntitle: FAQ\n/);
  expect(markdown).toContain('## What is OTC Edge for?');

  await expect
    .poll(async () => (await fetch(`${sandbox.url}/faq`)).text(), { timeout: 300_000, intervals: [2_000] })
    .toContain(intro);
  await page.goto(`${sandbox.url}/faq`);
  await expect(page.locator('.page__header .lead')).toHaveText(intro);
});
