import { defineConfig } from 'vitest/config';

// Two cores here and in CI: keep workers few. The global setup starts one PostgreSQL for the run
// (embedded in a temporary folder, or DATABASE_URL's server) with a migrated template database;
// each test file gets a fresh copy of it (CREATE DATABASE ... TEMPLATE, milliseconds).
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
