import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Every regular expression written in the product's sources, found by walking each file's syntax
 * tree: regex literals, `RegExp(…)`/`new RegExp(…)`, the string methods that turn a string
 * argument into a regex (`match`, `matchAll`, `search`) and the `pattern` of JSON schemas. A pattern the tree does not spell out
 * (a variable, a template with substitutions) comes back with `source: null`, so a checker can
 * refuse what it cannot see instead of passing it.
 */
export type FoundRegex = {
  /** `path:line` relative to the repository's root. */
  at: string;
  /** The pattern as the engine reads it; null when built at run time. */
  source: string | null;
  flags: string;
  /** The expression as written, for messages. */
  text: string;
};

export const root = resolve(import.meta.dirname, '../..');
export const PRODUCT_DIRS = ['proto/src', 'drizzle/src', 'server/src', 'gateway/src', 'web/src', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', '.vite']);
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;

/** The product's source files (tests excluded: they never see a rider's or a user's input). */
export function productSources(dirs = PRODUCT_DIRS): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      if (SKIP.has(entry.name)) return [];
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) ? [path] : [];
    });
  return dirs.flatMap(walk);
}

const STRING_TO_REGEX_METHODS = new Set(['match', 'matchAll', 'search']);

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

/** The regexes of one file's text; `path` only names them. */
export function regexesIn(path: string, text: string): FoundRegex[] {
  const kind = path.endsWith('x')
    ? ts.ScriptKind.TSX
    : path.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: FoundRegex[] = [];
  const add = (node: ts.Node, source: string | null, flags: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ at: `${path}:${line + 1}`, source, flags, text: node.getText(file) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const raw = node.text;
      const end = raw.lastIndexOf('/');
      add(node, raw.slice(1, end), raw.slice(end + 1));
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      // `new RegExp(/x/g, 'i')` is the literal again (visited below) with other flags.
      if (pattern && ts.isRegularExpressionLiteral(pattern)) {
        const raw = pattern.text;
        const end = raw.lastIndexOf('/');
        add(node, raw.slice(1, end), literalText(flags) ?? (flags ? '' : raw.slice(end + 1)));
      } else {
        const source = literalText(pattern);
        const flagText = flags ? literalText(flags) : '';
        add(node, flagText === null ? null : source, flagText ?? '');
      }
    } else if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text === 'pattern' &&
      literalText(node.initializer) !== null
    ) {
      // A JSON schema's `pattern` (TypeBox, plain schemas): Fastify's validator compiles it with the u flag.
      add(node, literalText(node.initializer), 'u');
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      STRING_TO_REGEX_METHODS.has(node.expression.name.text) &&
      node.arguments.length >= 1 &&
      !ts.isRegularExpressionLiteral(node.arguments[0])
    ) {
      // `text.match('a+')` compiles its string argument as a regex; an identifier may be a RegExp
      // built elsewhere (found there), so only a string spelled out here counts.
      const source = literalText(node.arguments[0]);
      if (source !== null) add(node, source, '');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every regex of the product's sources. */
export function productRegexes(dirs = PRODUCT_DIRS): FoundRegex[] {
  return productSources(dirs).flatMap((path) => regexesIn(path, readFileSync(join(root, path), 'utf8')));
}

export const relativeToRoot = (path: string) => relative(root, path);
