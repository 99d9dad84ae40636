import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors.ts';

// The documented catalogue and the code table are held in step both ways, as fastify's
// test/internals/errors.test.js holds lib/errors.js against docs/Reference/Errors.md.
// The error codes' table only: the feed rule notices below it have a test of their own
// (feed/rules/notice-catalogue.test.ts).
const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8').split(
  '\n## Feed rule notices',
)[0]!;

type DocumentedCode = { status: number; title: string; meaning: string };

/** Rows of the markdown table whose first cell is a `code`; cells are trimmed (the formatter pads them). */
function documentedCodes(markdown: string): Map<string, DocumentedCode> {
  const rows = new Map<string, DocumentedCode>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue;
    const [codeCell, status, title, meaning] = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    const code = /^`([a-z_]+)`$/.exec(codeCell ?? '')?.[1];
    if (!code) continue;
    if (rows.has(code)) throw new Error(`docs/errors.md lists ${code} twice.`);
    rows.set(code, { status: Number(status), title: title ?? '', meaning: meaning ?? '' });
  }
  return rows;
}

describe('the error catalogue (server/src/errors.ts) and docs/errors.md', () => {
  const documented = documentedCodes(doc);
  const codes = Object.keys(errorCatalogue);

  it('document every code of the table', () => {
    expect(codes.filter((code) => !documented.has(code))).toEqual([]);
  });

  it('document no code the table lacks', () => {
    expect([...documented.keys()].filter((code) => !codes.includes(code))).toEqual([]);
  });

  it('agree on the status and the title of each code, and each code has a meaning', () => {
    for (const [code, { status, title }] of Object.entries(errorCatalogue)) {
      const row = documented.get(code);
      expect({ code, status: row?.status, title: row?.title }).toEqual({ code, status, title });
      expect(row?.meaning.length, `${code} has no meaning in docs/errors.md`).toBeGreaterThan(10);
    }
  });
});

describe('the REST error body and docs/errors.md', () => {
  /** The codes of the `details` table in "How a client sees an error". */
  const withDetails = new Set([...doc.matchAll(/^ {2}\| `([a-z_]+)` +\| `\{/gm)].map((m) => m[1]!));

  /**
   * The codes server/src throws with `details`: an `AppError('code', {…details…})` within its
   * braces, or a quota's refusal (`quotas.refusal(quota, 'code', …)`, details `{quota}`).
   */
  function thrownWithDetails(dir: URL): string[] {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.includes('test-support'))
      .flatMap((path) => {
        const text = readFileSync(new URL(path, dir), 'utf8');
        const refusals = [...text.matchAll(/\.refusal\(\s*'[a-z_]+',\s*'([a-z_]+)'/g)].map((m) => m[1]!);
        return [
          ...refusals,
          ...[...text.matchAll(/new AppError\('([a-z_]+)',\s*\{/g)].flatMap((m) => {
            let depth = 1;
            let i = m.index + m[0].length;
            for (; i < text.length && depth > 0; i++) depth += text[i] === '{' ? 1 : text[i] === '}' ? -1 : 0;
            return /\bdetails\b/.test(text.slice(m.index, i)) ? [m[1]!] : [];
          }),
        ];
      });
  }

  it('names, for each code sent with details, what they hold', () => {
    const thrown = [...new Set(thrownWithDetails(new URL('./', import.meta.url)))].sort();
    expect(thrown.length).toBeGreaterThan(2);
    expect(thrown.filter((code) => !withDetails.has(code))).toEqual([]);
    expect([...withDetails].filter((code) => !thrown.includes(code))).toEqual([]);
  });
});
