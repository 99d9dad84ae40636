import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Product sources say what a value is instead of silencing the checker with `as never`
 * (CONTRIBUTING.md "Conventions in one screen": types instead of casts). Tests may still cast to
 * build broken input on purpose.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PRODUCT_DIRS = ['proto/src', 'drizzle/src', 'server/src', 'gateway/src', 'web/src'];

function sources(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** "file:line" of every `as never` in the given files. */
function castsToNever(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, i) => (/\bas\s+never\b/.test(line) ? [`${path}:${i + 1}`] : [])),
  );
}

describe('no `as never` in product sources', () => {
  it('finds the cast in a line of code', () => {
    const files = [
      { path: 'a.ts', text: 'const x = 1;\nawait markFeedChanged(tx as never, kind);\n' },
      { path: 'b.ts', text: '// the schedule was never touched\nconst y = z as  never;' },
    ];
    expect(castsToNever(files)).toEqual(['a.ts:2', 'b.ts:2']);
  });

  it('has none in proto, drizzle, server, gateway and web sources', () => {
    const files = PRODUCT_DIRS.flatMap((dir) => sources(join(root, dir)))
      .map((path) => relative(root, path))
      .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(castsToNever(files)).toEqual([]);
  });
});
