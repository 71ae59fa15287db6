import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEditorSandbox } from '../../scripts/local/editor-sandbox.ts';
import { SAMPLE_VALUES } from '../../site/cms/email-preview.ts';
import { expect, test } from './support/test.ts';

/**
 * The Emails collection of the content editor, on a throw-away copy of the project (the working tree's
 * content/ is never touched): the preview shows an email as the member receives it, with sample
 * values; a save naming a placeholder the email does not have is refused with the build's message,
 * and the file is unchanged.
 */
// Decap loads and starts in a few seconds, slower on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let sandbox: Awaited<ReturnType<typeof startEditorSandbox>>;
const emailFile = () => path.join(sandbox.root, 'content/emails/payment-failed.md');

test.beforeAll(async () => {
  sandbox = await startEditorSandbox();
});
test.afterAll(async () => {
  await sandbox?.stop();
});

test('an email is previewed as sent, and a save with an unknown placeholder is refused', async ({ page }) => {
  const before = readFileSync(emailFile(), 'utf8');
  await page.goto(`${sandbox.url}/admin/#/collections/emails/entries/payment-failed`);
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
  const subject = page.getByLabel('Subject');
  await expect(subject).toBeVisible({ timeout: 60_000 });
  // The hint lists the email's placeholders.
  await expect(page.getByText('{{amount}}, {{retryDate}}').first()).toBeVisible();

  // The preview: the subject with the product's name, the body with sample values, the footer.
  const preview = page.frameLocator('#preview-pane');
  await expect(preview.locator('.email-preview__subject')).toContainText(
    'Your OTC Edge payment did not go through',
  );
  const body = preview.locator('.email-preview__body');
  await expect(body.locator('strong', { hasText: SAMPLE_VALUES.amount })).toBeVisible();
  await expect(body.locator('strong', { hasText: SAMPLE_VALUES.retryDate })).toBeVisible();
  await expect(body).toContainText('You are receiving this email because a charge');
  await expect(body.getByRole('link', { name: 'https://otcedge.app' })).toBeVisible();

  // The preview follows the edit.
  await subject.fill('We could not charge {{amount}}');
  await expect(preview.locator('.email-preview__subject')).toContainText(
    `We could not charge ${SAMPLE_VALUES.amount}`,
  );

  // A placeholder the email does not have: named in the preview, refused on save, nothing written.
  await subject.fill('We could not charge {{amout}}');
  await expect(preview.getByRole('alert')).toContainText('{{amout}} is not a placeholder of this email');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(
    page.getByText(
      /content\/emails\/payment-failed\.md was not saved\. subject: \{\{amout\}\} is not a placeholder/,
    ),
  ).toBeVisible();
  expect(readFileSync(emailFile(), 'utf8')).toBe(before);
});
