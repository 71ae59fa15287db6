import base from '../../playwright.config.ts';

/**
 * `npm run bench`'s browser part: the same product, browser and sign-in as the journeys, but files
 * that measure (`*.bench.ts`) and print, one at a time, with no time limit beyond a hang's.
 */
export default {
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  globalSetup: '../../tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  timeout: 900_000,
};
