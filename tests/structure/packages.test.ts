import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The package graph of docs/architecture.md: proto, drizzle <- server <- gateway; web takes only types
 * from server. Read from every workspace package.json and the imports in each package's sources.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP = new Set(['node_modules', 'dist', 'generated', '.vite']);

type Import = { file: string; target: string; typeOnly: boolean };
type Pkg = { name: string; dir: string; declared: Set<string>; imports: Import[] };

function workspaceDirs(): string[] {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = yaml.split('packages:')[1]!.split(/\n\S/)[0]!;
  return [...list.matchAll(/^\s+-\s+(\S+)/gm)].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier of a file, and whether only types come through it. */
function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        found.push({ specifier: arg.literal.text, typeOnly: true });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function readPackages(): Pkg[] {
  const pkgs = workspaceDirs().map((dir) => {
    const json = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
    } & Partial<Record<'dependencies' | 'devDependencies' | 'peerDependencies', Record<string, string>>>;
    const declared = new Set(
      Object.keys({ ...json.dependencies, ...json.devDependencies, ...json.peerDependencies }),
    );
    return { name: json.name, dir, declared, imports: [] as Import[] };
  });
  const names = new Set(pkgs.map((p) => p.name));
  for (const pkg of pkgs) {
    for (const file of sourceFiles(join(root, pkg.dir))) {
      for (const { specifier, typeOnly } of importsOf(file)) {
        const target = specifier.split('/').slice(0, 2).join('/');
        if (names.has(target) && target !== pkg.name)
          pkg.imports.push({ file: relative(root, file), target, typeOnly });
      }
    }
  }
  return pkgs;
}

/** A cycle of the graph as a path `a -> b -> a`, or null. */
function findCycle(edges: Map<string, Set<string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const walk = (node: string): string | null => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node].join(' -> ');
    if (state.get(node) === 'done') return null;
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = walk(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = walk(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('package graph', () => {
  const pkgs = readPackages();
  const names = new Set(pkgs.map((p) => p.name));

  it('has no cycle, counting both declared workspace dependencies and imports', () => {
    const edges = new Map(
      pkgs.map((p) => [
        p.name,
        new Set([...[...p.declared].filter((d) => names.has(d)), ...p.imports.map((i) => i.target)]),
      ]),
    );
    expect(findCycle(edges)).toBeNull();
    expect(edges.get('@feeddesk/server')).toEqual(new Set(['@feeddesk/drizzle', '@feeddesk/proto']));
  });

  it('imports a workspace package only where package.json declares it', () => {
    const undeclared = pkgs.flatMap((p) =>
      p.imports.filter((i) => !p.declared.has(i.target)).map((i) => `${i.file} imports ${i.target}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('lets the web app take only types from the server', () => {
    const web = pkgs.find((p) => p.name === '@feeddesk/web')!;
    const values = web.imports
      .filter((i) => i.target === '@feeddesk/server' && !i.typeOnly)
      .map((i) => i.file);
    expect(web.imports.some((i) => i.target === '@feeddesk/server')).toBe(true);
    expect(values).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself can fail)', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(edges)).toBe('a -> b -> c -> a');
    expect(importsOf(fileURLToPath(import.meta.url)).find((i) => i.specifier === 'vitest')).toEqual({
      specifier: 'vitest',
      typeOnly: false,
    });
  });
});
