import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Code, tests, scripts and documents cite the document or the code that explains a rule, never an
 * issue number: the tracker is not in the clone, so "(issue 13)" tells a contributor nothing
 * (CONTRIBUTING.md "Conventions in one screen"). Left out: landed migrations (never edited once
 * deployed) and tests/bench/README.md, whose headings are records of past measurements.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = ['proto', 'drizzle', 'server', 'gateway', 'web', 'tests', 'scripts', 'docs', 'deploy', '.ci'];
const ROOT_FILES = [
  'README.md',
  'CONTRIBUTING.md',
  'Dockerfile',
  'compose.yaml',
  'package.json',
  'biome.json',
];
const SKIP = new Set(['node_modules', 'dist', 'generated', '.vite', 'fixtures', 'migrations']);
const RECORDS = new Set(['tests/bench/README.md']);
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|sql|proto|md|css|html|json|ya?ml|sh|env|example|service)$/;

/** "issue 13", "Issue 7 §5", "issues 12 and 13", "issue #13", "(#13)": a number of the tracker. */
const ISSUE = /\bissues? ?#?\d+|\(#\d+\)/gi;

function files(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(path);
    return TEXT.test(entry.name) ? [path] : [];
  });
}

/** The issue citations of one file, as "file:line: citation". */
function issueCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(ISSUE)].map(([cited]) => `${file}:${i + 1}: ${cited}`));
}

describe('no issue numbers in code, tests and documents', () => {
  it('finds an issue cited in a comment, a test name or a page', () => {
    const text = [
      '// The train number is what a controller types first (issue 18).',
      "describe('two controllers on one train (Issue 18 points 1, 6)', () => {",
      ' * see issues 12 and 13, issue #29 and the fix (#31).',
      '-- Hand-written: the templates (docs/contract-notes.md "Dated trips and disruptions").',
      '/** A stop is named by its stop_id; without one, by its sequence (`#3`); color:#222. */',
      "const tissue = 'tissue 5'; // no citation: a word that ends in issue",
    ].join('\n');
    expect(issueCitations('a.ts', text)).toEqual([
      'a.ts:1: issue 18',
      'a.ts:2: Issue 18',
      'a.ts:3: issues 12',
      'a.ts:3: issue #29',
      'a.ts:3: (#31)',
    ]);
  });

  it('has none in the clone (landed migrations and the benchmark records aside)', () => {
    const all = [...DIRS.flatMap(files), ...ROOT_FILES];
    expect(all.length).toBeGreaterThan(500);
    const self = relative(root, fileURLToPath(import.meta.url));
    const cited = all
      .filter((file) => file !== self && !RECORDS.has(file))
      .flatMap((file) => {
        let text: string;
        try {
          text = readFileSync(join(root, file), 'utf8');
        } catch {
          return [];
        }
        return issueCitations(file, text);
      });
    expect(cited).toEqual([]);
  });
});
