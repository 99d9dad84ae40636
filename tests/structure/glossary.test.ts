import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/glossary.md defines each project word and says where it lives in the code. A word whose
 * code moved or was renamed would send a newcomer to a file that is not there: every entry has a
 * "Lives in:" line, every path on it exists, and the README and CONTRIBUTING link the glossary.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type Entry = { word: string; paths: string[] };

/** The entries (### headings) of the glossary, each with the paths of its "Lives in:" line. */
function entries(glossary: string): Entry[] {
  return glossary
    .split(/^### /m)
    .slice(1)
    .map((section) => {
      const word = section.split('\n')[0]!.trim();
      const livesIn = section.split('\n').find((line) => line.startsWith('Lives in: ')) ?? '';
      const paths = [...livesIn.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((p) => p.includes('/'));
      return { word, paths };
    });
}

/** What is wrong with the glossary: entries without a place, places that do not exist. */
function problems(glossary: string, exists: (path: string) => boolean): string[] {
  return entries(glossary).flatMap(({ word, paths }) => [
    ...(paths.length === 0 ? [`${word}: no "Lives in:" path`] : []),
    ...paths.filter((path) => !exists(path)).map((path) => `${word}: ${path} does not exist`),
  ]);
}

describe('the glossary', () => {
  const glossary = readFileSync(join(root, 'docs/glossary.md'), 'utf8');

  it('says where each word lives, and every such path exists', () => {
    expect(entries(glossary).length).toBeGreaterThan(40);
    expect(problems(glossary, (path) => existsSync(join(root, path)))).toEqual([]);
  });

  it('defines the words the code and the documents lean on', () => {
    const words = entries(glossary).map((e) => e.word);
    for (const word of ['act', 'invariant', 'served rows', 'run', 'service day', 'operating day', 'stamp'])
      expect(
        words.some((w) => w.split(/[(),]/).some((part) => part.trim().endsWith(word))),
        word,
      ).toBe(true);
  });

  it('is linked from the README and CONTRIBUTING', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/glossary.md)');
    expect(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8')).toContain('](docs/glossary.md)');
  });

  it('notices an entry without a place and a place that does not exist', () => {
    const text = [
      '# Glossary',
      '### run',
      'One trip on one date.',
      'Lives in: `server/src/feed/trip-runs.ts`, `server/src/feed/gone.ts` (`runKeyOf`)',
      '### stamp',
      'The header timestamp.',
    ].join('\n');
    expect(problems(text, (path) => path !== 'server/src/feed/gone.ts')).toEqual([
      'run: server/src/feed/gone.ts does not exist',
      'stamp: no "Lives in:" path',
    ]);
  });
});
