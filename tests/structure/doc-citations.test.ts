import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every document a comment, test name or page cites is in the clone: a contributor has only the
 * clone, so a citation of a design document kept elsewhere (`contract.md`, `spec §2`) leads
 * nowhere. A cited `*.md` path must exist from the repository root or from the citing file's
 * folder; the first release's spec is cited as `docs/spec.md §N`. Landed migrations are left as
 * they are (never edited once deployed).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = ['proto', 'drizzle', 'server', 'gateway', 'web', 'tests', 'scripts', 'docs'];
const ROOT_FILES = ['README.md', 'CONTRIBUTING.md'];
const SKIP = new Set(['node_modules', 'dist', 'generated', '.vite', 'fixtures', 'migrations']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|sql|proto|md)$/;
/** Documents of other projects, cited as examples of a practice. */
const ELSEWHERE = new Set(['docs/Reference/Errors.md']);

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The citations of one file that lead to no document of the clone, as "file:line: citation". */
function brokenCitations(file: string, text: string, exists = (path: string) => existsSync(path)) {
  const broken: string[] = [];
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    for (const [cited] of line.matchAll(/[\w./-]*\w\.md\b/g)) {
      const path = cited.replace(/^\.\//, '');
      if (ELSEWHERE.has(path) || /^https?:|:\/\//.test(line.slice(0, line.indexOf(cited)).split(/\s/).pop()!))
        continue;
      // A path out of the clone (../shared beside it on a developer's machine or in CI) is no
      // document of the clone, even where it exists.
      const inClone = (full: string) => !relative(root, full).startsWith('..') && exists(full);
      if (inClone(join(root, path)) || inClone(resolve(root, dirname(file), path))) continue;
      broken.push(`${at}: ${cited}`);
    }
    for (const m of line.matchAll(/(\S*)\b[Ss]pec §\d/g)) {
      if (!m[1]?.endsWith('docs/'))
        broken.push(`${at}: ${m[0].slice(m[1]?.length ?? 0)} (cite docs/spec.md §N)`);
    }
  });
  return broken;
}

describe('documents cited in the clone', () => {
  it('every cited document is a file of the clone', () => {
    const all = [...DIRS.flatMap(files), ...ROOT_FILES];
    expect(all.length).toBeGreaterThan(500);
    const self = relative(root, fileURLToPath(import.meta.url));
    const broken = all
      .filter((file) => file !== self)
      .flatMap((file) => brokenCitations(file, readFileSync(join(root, file), 'utf8')));
    expect(broken).toEqual([]);
  });

  it('notices a citation of a document kept elsewhere, and accepts one of the clone', () => {
    const text = [
      '/** The roles (contract.md "Roles"); see docs/rest-api.md and spec §6. */',
      '// Trip ids are <service>-<train number> (docs/workbook.md, docs/spec.md §3).',
      'Error codes: [errors.md](errors.md), not [the spec](../shared/docs/spec.md).',
    ].join('\n');
    expect(brokenCitations('docs/example.md', text)).toEqual([
      'docs/example.md:1: contract.md',
      'docs/example.md:1: spec §6 (cite docs/spec.md §N)',
      'docs/example.md:3: ../shared/docs/spec.md',
    ]);
  });
});
