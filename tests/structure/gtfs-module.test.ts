import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * server/src/gtfs is a module of its own: the product reaches it only through its
 * index.ts, and it imports nothing of the product (node builtins and npm packages only).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const gtfsDir = join(root, 'server/src/gtfs');
const gtfsIndex = join(gtfsDir, 'index.ts');
const SOURCE_DIRS = ['proto', 'drizzle', 'server', 'gateway', 'web', 'tests', 'scripts'];

function sources(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier of a source: static imports and re-exports, dynamic imports. */
function specifiers(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm);
  return [...found].map((match) => match[1]);
}

/** The file a specifier names, for relative and workspace (`@feeddesk/server/...`) specifiers. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  const workspace = /^@feeddesk\/server\/(.+)$/.exec(spec);
  if (workspace)
    return join(root, 'server/src', workspace[1].endsWith('.ts') ? workspace[1] : `${workspace[1]}.ts`);
  return null;
}

const inside = (path: string) => path === gtfsDir || path.startsWith(`${gtfsDir}/`);

/** The imports that break the module's boundary, as "file -> specifier". */
function violations(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    specifiers(text).flatMap((spec) => {
      const to = target(path, spec);
      const from = relative(root, path);
      if (inside(path)) {
        const outward = spec.startsWith('@feeddesk/') || (to !== null && !inside(to));
        return outward ? [`${from} -> ${spec}`] : [];
      }
      return to !== null && inside(to) && to !== gtfsIndex ? [`${from} -> ${spec}`] : [];
    }),
  );
}

describe('server/src/gtfs is a self-contained module', () => {
  it('is imported only through its index.ts and imports nothing of the product', () => {
    const self = fileURLToPath(import.meta.url); // its samples below break the rule on purpose
    const files = SOURCE_DIRS.flatMap((dir) => sources(join(root, dir)))
      .filter((path) => path !== self)
      .map((path) => ({
        path,
        text: readFileSync(path, 'utf8'),
      }));
    expect(files.filter((f) => inside(f.path)).length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it('notices an import past the index and an import out of the module', () => {
    const at = (path: string) => join(root, path);
    expect(
      violations([
        { path: at('server/src/schedule/x.ts'), text: "import { a } from '../gtfs/read-zip.ts';" },
        { path: at('server/src/schedule/y.ts'), text: "import { a } from '../gtfs/index.ts';" },
        { path: at('tests/z.test.ts'), text: "const m = await import('@feeddesk/server/gtfs/write-zip');" },
        { path: at('server/src/gtfs/a.ts'), text: "export { b } from '../errors.ts';" },
        { path: at('server/src/gtfs/b.ts'), text: "import type { B } from '@feeddesk/proto';" },
        {
          path: at('server/src/gtfs/c.ts'),
          text: "import { c } from './validate/types.ts';\nimport 'fflate';",
        },
      ]),
    ).toEqual([
      'server/src/schedule/x.ts -> ../gtfs/read-zip.ts',
      'tests/z.test.ts -> @feeddesk/server/gtfs/write-zip',
      'server/src/gtfs/a.ts -> ../errors.ts',
      'server/src/gtfs/b.ts -> @feeddesk/proto',
    ]);
  });
});
