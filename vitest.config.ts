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
    // postgres.js drops the promise of the array-types query it runs on each new connection
    // (porsager/postgres#1192, #1223): a connection the fault tests terminate at that moment rejects
    // with nobody listening. The product survives it (57P01 and the like are transient in
    // server/src/http/transient-errors.ts); only that driver query's rejection is ignored here.
    onUnhandledError(error) {
      const { code, query } = error as { code?: unknown; query?: unknown };
      if (typeof query === 'string' && query.includes('typarray') && /^57/.test(String(code))) return false;
    },
  },
});
