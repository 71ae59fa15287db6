import { defineConfig } from 'vitest/config';

// Playwright specs live in tests/e2e and must never be collected here.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts', 'tests/store/**/*.test.ts'],
    globalSetup: ['tests/support/global-articles.ts', 'tests/support/global-store.ts'],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
