import type { Page, Response } from '@playwright/test';

/**
 * Every script file a page load fetches, with its size in bytes: the page opened, then let settle
 * (no request for 500 ms). The listener is removed after that load and each body is read before the
 * list is returned, so no size is missing and no read is left to fail when a later step of the test
 * navigates away (a body cannot be read once its page is gone).
 */
export async function scriptsOf(page: Page, url: string): Promise<Array<{ url: string; bytes: number }>> {
  const scripts: Array<{ url: string; bytes: number }> = [];
  const reads: Array<Promise<void>> = [];
  const record = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(
      response.body().then((body) => void scripts.push({ url: response.url(), bytes: body.length })),
    );
  };
  page.on('response', record);
  try {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', record);
  }
  await Promise.all(reads);
  return scripts;
}
