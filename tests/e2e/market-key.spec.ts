import type { Browser, BrowserContext } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { startPrivateProduct } from './support/private-product.ts';
import { expect, test } from './support/test.ts';
import { importBrokerFile, TRADEZERO } from './support/trades.ts';

// Member mode (MASSIVE_KEY_SOURCE=member, docs/market-data.md "Whose key"): a member's trade review
// asks for their own Massive key, /account takes it only once the provider has, and the review then
// draws bars fetched with it. On a product of its own, started in that mode.

async function newContext(browser: Browser, baseURL: string, contexts: BrowserContext[]) {
  const context = await browser.newContext({ baseURL });
  contexts.push(context);
  return context;
}

test('in member mode a member saves their own Massive key on /account, and their review shows bars', async ({
  browser,
}) => {
  test.slow(); // a product of its own, a sign-in, an import and two reviews
  const product = await startPrivateProduct({ MASSIVE_KEY_SOURCE: 'member' });
  const contexts: BrowserContext[] = [];
  try {
    const page = await (await newContext(browser, product.url, contexts)).newPage();
    await signInNewMember(page);
    await page.goto('/trades');
    await importBrokerFile(page, TRADEZERO, 9);
    await page.getByRole('button', { name: /^Show the executions and tags of AITX / }).click();
    await page.getByRole('link', { name: /^Review this trade: AITX long/ }).click();
    const chart = page.getByRole('region', { name: 'Price chart' });
    // No key yet: the fills, and where to add one.
    const noKey = page
      .getByRole('status')
      .filter({ hasText: 'Add your Massive API key on your Account page' });
    await expect(noKey).toBeVisible();
    // Said once more, beside MAE, not on every figure.
    await expect(page.getByText('Add your Massive API key')).toHaveCount(2);
    await noKey.getByRole('link', { name: 'Account page' }).click();

    const section = page.getByRole('form', { name: 'Market data' });
    await expect(section).toBeVisible();
    const field = section.getByLabel('Massive API key');
    await field.fill('not-a-key-the-provider-knows-0123');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('alert')).toContainText('Massive refused this key');
    await field.fill(process.env.MASSIVE_API_KEY ?? '');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section).toContainText(`Key ending in …${(process.env.MASSIVE_API_KEY ?? '').slice(-4)}`);

    // Back to the review, read again: its bars now come with the member's key.
    await page.goBack();
    await page.reload();
    await expect(chart.getByRole('img', { name: /^Price chart of AITX in 1-minute candles/ })).toBeVisible();
    await expect(page.getByText('Add your Massive API key')).toHaveCount(0);
  } finally {
    for (const context of contexts) await context.close();
    await product.stop();
  }
});
