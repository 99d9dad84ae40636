import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * No module of the product imports, at run time, a module that imports it back, however long the
 * way round: in a cycle the order modules are evaluated in decides what each sees (an import still
 * undefined while its module waits on this one), and no part of a cycle can be read or tested
 * alone. Type-only imports vanish when the code runs and are left out. And server/src/deps.ts,
 * which every service names, stays at the bottom of the graph (docs/architecture.md "Layers
 * inside a request"): it names types only of modules that import nothing of server/src.
 * dependency-cruiser reads the imports as TypeScript sees them.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['proto/src', 'drizzle/src', 'server/src', 'gateway/src', 'web/src'];

async function graph(paths: string[], baseDir: string, tsConfig?: string): Promise<ICruiseResult> {
  const { output } = await cruise(paths, {
    baseDir,
    tsPreCompilationDeps: true,
    ...(tsConfig ? { tsConfig: { fileName: tsConfig } } : {}),
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$|/generated/' },
    validate: true,
    ruleSet: {
      forbidden: [
        {
          name: 'no-runtime-cycle',
          severity: 'error',
          from: {},
          to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
        },
      ],
    },
  });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a graph');
  return output;
}

/** Each runtime cycle as "a.ts → b.ts → a.ts", found from each of its modules once. */
function runtimeCycles(result: ICruiseResult): string[] {
  const cycles = result.summary.violations.flatMap((v) =>
    v.rule.name === 'no-runtime-cycle' && v.cycle ? [[v.from, ...v.cycle.map((step) => step.name)]] : [],
  );
  const seen = new Set<string>();
  return cycles.flatMap((cycle) => {
    const key = [...new Set(cycle)].sort().join(' ');
    if (seen.has(key)) return [];
    seen.add(key);
    return [cycle.join(' → ')];
  });
}

/** The modules deps.ts names (types included) that themselves import modules of server/src. */
function aboveDeps(result: ICruiseResult, deps = 'server/src/deps.ts'): string[] {
  const byName = new Map(result.modules.map((m) => [m.source, m]));
  const ofServer = (name: string) => name.startsWith(dirname(deps));
  const named = byName.get(deps)?.dependencies.filter((d) => ofServer(d.resolved)) ?? [];
  return named.flatMap((d) => {
    const inner = byName.get(d.resolved)?.dependencies.filter((e) => ofServer(e.resolved)) ?? [];
    return inner.length > 0 ? [`${d.resolved} (imports ${inner.map((e) => e.resolved).join(', ')})`] : [];
  });
}

describe('import cycles', () => {
  let product: ICruiseResult;
  beforeAll(async () => {
    product = await graph(SOURCES, root, 'tsconfig.json');
  }, 120_000);

  it('reads the whole product', () => {
    expect(product.modules.filter((m) => m.source.startsWith('server/src/')).length).toBeGreaterThan(300);
    expect(product.modules.some((m) => m.source === 'server/src/feed/feed-transaction.ts')).toBe(true);
  });

  it('has no runtime import cycle in the product sources', () => {
    expect(runtimeCycles(product)).toEqual([]);
  });

  it('keeps server/src/deps.ts at the bottom: it names only modules that import nothing of server/src', () => {
    expect(aboveDeps(product)).toEqual([]);
  });

  describe('on a small graph', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    let small: ICruiseResult;
    beforeAll(async () => {
      const files: Record<string, string> = {
        // A runtime cycle of three, as feed-transaction → keep-feed-invariants → delete-feed-entity was.
        'src/transaction.ts': "import { keep } from './keeper.ts';\nexport const run = () => keep();\n",
        'src/keeper.ts': "import { remove } from './remove.ts';\nexport const keep = () => remove();\n",
        'src/remove.ts': "import { run } from './transaction.ts';\nexport const remove = () => run;\n",
        // A cycle through a type-only import runs in one order only: not a runtime cycle.
        'src/deps.ts':
          "import type { Slots } from './http/slots.ts';\nexport type Deps = { slots: Slots };\n",
        'src/http/slots.ts':
          "import type { Deps } from '../deps.ts';\nexport type Slots = { deps?: Deps };\n",
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      small = await graph(['src'], dir);
    }, 60_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds a runtime cycle and leaves a type-only one alone', () => {
      expect(runtimeCycles(small)).toEqual([
        'src/keeper.ts → src/remove.ts → src/transaction.ts → src/keeper.ts',
      ]);
    });

    it('notices a deps.ts that names a module importing others', () => {
      expect(aboveDeps(small, 'src/deps.ts')).toEqual(['src/http/slots.ts (imports src/deps.ts)']);
    });
  });
});
