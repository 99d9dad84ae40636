import { defineConfig } from 'vitest/config';

// Two cores here and in CI: keep workers few, since each worker opens its own PGlite (≈2.6 s, 850 MB peak).
export default defineConfig({
  test: {
    include: ['{proto,drizzle,server,gateway,web,tests}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/support/global-setup.ts'],
  },
});
