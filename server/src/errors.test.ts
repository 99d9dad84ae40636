import { readFileSync } from 'node:fs';
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
