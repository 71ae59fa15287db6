import { test as base, type Page } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's, plus a slowed-down CPU on every page when
 * `E2E_CPU_THROTTLE` is set (`npm run test:e2e:stress` sets 4): Chromium's own CPU throttling,
 * through the DevTools protocol, as DevTools' "4× slowdown" does. It proves that no outcome hangs
 * on the machine's speed: a journey that passes only on a fast CPU fails there.
 */
const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);

async function throttle(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

export const test = base.extend({
  context: async ({ context }, use) => {
    // Tabs a journey opens itself (a second editor, a popup) are slowed down as well.
    if (rate > 1) context.on('page', (page) => void throttle(page).catch(() => {}));
    await use(context);
  },
  page: async ({ page }, use) => {
    if (rate > 1) await throttle(page);
    await use(page);
  },
});

export { expect } from '@playwright/test';
