import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it off the (absent) network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Starts the product (build if stale, Redis + bridge + functions + static site) once per run.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  ...(process.env.CI ? { workers: 2 } : {}),
  // No retries: a journey that passes only on a second try is a defect to fix, and shows as a failure.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Budgets from measurement, with headroom (README "Tests"): the longest ordinary journey takes
  // about 25 s with every page's CPU slowed 4× on a busy 2-core machine (npm run test:e2e:stress),
  // 2–10 s on an idle one. Whole journeys call test.slow() (3× this). Budgets only bound a hang:
  // every step waits on a state, never on time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    // Set by the global setup before workers start; workers inherit it.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
      },
    },
  ],
});
