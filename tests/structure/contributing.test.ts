import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The recipes of CONTRIBUTING.md name the files to open: a newcomer follows them with only the
 * clone. A file that moved or was renamed would send them nowhere, so every path the page names
 * from the root of the clone exists (placeholders such as `<code>.ts` aside).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOTS = /^(proto|drizzle|server|gateway|web|tests|scripts|docs|deploy)\//;

/** The paths from the root of the clone that a page names in backticks, placeholders left out. */
function namedPaths(page: string): string[] {
  const paths = [...page.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!.replace(/[:,.]$/, ''))
    .filter((path) => ROOTS.test(path) && !/[<>*…]|NNNN/.test(path));
  return [...new Set(paths)];
}

describe('CONTRIBUTING.md', () => {
  it('names only files and folders that exist', () => {
    const paths = namedPaths(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8'));
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('reads the paths of a page, placeholders aside', () => {
    const page =
      '1. `server/src/feed/rules/<code>.ts`, copy `server/src/feed/rules/alert-url-not-web.ts`; see `docs/errors.md`, `npm test` and `../finding.ts`.';
    expect(namedPaths(page)).toEqual(['server/src/feed/rules/alert-url-not-web.ts', 'docs/errors.md']);
  });
});
