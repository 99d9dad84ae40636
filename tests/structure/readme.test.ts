import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README is read in minutes: what the product is, the two commands, where to go next. What an
 * operator or a contributor needs beyond that lives in docs/ pages the README links, so the
 * README stays short and each page can be read alone.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = [
  'docs/using.md',
  'docs/configuration.md',
  'docs/operations.md',
  'docs/scaling.md',
  'docs/backup.md',
  'docs/security.md',
  'docs/rest-api.md',
  'docs/errors.md',
  'docs/architecture.md',
  'docs/quality.md',
  'CONTRIBUTING.md',
];

/** The README's problems: too long, or a page it should link that it does not. */
function readmeProblems(readme: string): string[] {
  const lines = readme.split('\n').length;
  const unlinked = PAGES.filter((page) => !readme.includes(`](${page})`));
  return [
    ...(lines > 200 ? [`${lines} lines, more than 200`] : []),
    ...unlinked.map((p) => `no link to ${p}`),
  ];
}

describe('the README', () => {
  it('is at most 200 lines and links every page of what moved out of it', () => {
    for (const page of PAGES) expect(existsSync(join(root, page)), page).toBe(true);
    expect(readmeProblems(readFileSync(join(root, 'README.md'), 'utf8'))).toEqual([]);
  });

  it('notices a long README and a missing link', () => {
    const long = `${PAGES.map((page) => `[a](${page})`).join('\n')}\n${'x\n'.repeat(200)}`;
    expect(readmeProblems(long)).toEqual([`${PAGES.length + 201} lines, more than 200`]);
    expect(readmeProblems('[ops](docs/operations.md)')).toContain('no link to docs/backup.md');
  });
});
