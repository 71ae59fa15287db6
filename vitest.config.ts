import { defineConfig } from 'vitest/config';

// Playwright specs live in tests/e2e and must never be collected here.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts', 'tests/store/**/*.test.ts'],
    globalSetup: [
      'tests/support/global-articles.ts',
      'tests/support/global-courses.ts',
      'tests/support/global-emails.ts',
      'tests/support/global-store.ts',
    ],
    // Every answer is parsed with its contract entry's response schema (functions/_lib/http/handler.ts).
    env: { API_CHECK_ANSWERS: '1' },
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
