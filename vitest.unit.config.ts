import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the tests that need no database, without the global setup that starts
// PostgreSQL (about 4 s before the first test), so a unit test file answers in about a second.
// A test file is a unit test when it lives beside the code (or in tests/structure) and opens no
// database: it imports neither the schedule's test databases nor tests/support. The list is
// read from the sources, so a new test file is sorted by what it imports, with no list to keep.
const root = import.meta.dirname;
const DIRS = ['proto', 'drizzle', 'server', 'gateway', 'web', 'tests/structure'];
const OPENS_A_DATABASE = /test-databases|tests\/support\/|from '\.\.\/support\//;
const SKIP = new Set(['node_modules', 'dist', '.vite']);

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

export const unitTestFiles = DIRS.flatMap(testFiles).filter(
  (file) => !OPENS_A_DATABASE.test(readFileSync(join(root, file), 'utf8')),
);

export default defineConfig({
  test: {
    include: unitTestFiles,
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
