import type { Page, Request } from '@playwright/test';

/**
 * Holds the requests matching `pattern` (and `when`, if given) until `release()` is called, so a
 * journey can look at a page while its data is still on the way: no step depends on speed.
 * `reached` resolves once the first such request has been held.
 */
export async function hold(
  page: Page,
  pattern: string | RegExp,
  when: (request: Request) => boolean = () => true,
): Promise<{ release: () => void; reached: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive = () => {};
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(pattern, async (route) => {
    if (when(route.request())) {
      arrive();
      await released;
    }
    await route.fallback();
  });
  return { release, reached };
}
