import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CsvTableReader } from './csv-table.ts';
import { packedRows } from './packed-rows.ts';
import { hasSharedData, SHARED_DATA_DIR } from './shared-data.ts';
import type { GtfsTable } from './tables.ts';

/**
 * A packed file is read from its bytes (values seen before make no string); the text reader is
 * the reference: the same header, rows, padding notes and bad row lengths, in any chunking.
 */
function viaBytes(name: string, data: Uint8Array, size: number): GtfsTable {
  const reader = new CsvTableReader(name, true);
  for (let i = 0; i < data.length || i === 0; i += size) {
    reader.pushBytes(data.subarray(i, i + size), i + size >= data.length);
  }
  return reader.finish();
}

function viaText(name: string, data: Uint8Array, size: number): GtfsTable {
  const reader = new CsvTableReader(name, true);
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < data.length || i === 0; i += size) {
    const final = i + size >= data.length;
    reader.pushText(decoder.decode(data.subarray(i, i + size), { stream: !final }), final);
  }
  return reader.finish();
}

function expectSame(bytes: GtfsTable, text: GtfsTable): void {
  expect(bytes.header).toEqual(text.header);
  expect(bytes.rows.length).toBe(text.rows.length);
  for (let i = 0; i < text.rows.length; i++) expect(bytes.rows[i]).toEqual(text.rows[i]);
  expect(bytes.padded).toEqual(text.padded);
  expect(bytes.badRowLengths).toEqual(text.badRowLengths);
}

const cases: Record<string, string> = {
  'CRLF and padding': 'a,b,c\r\n1,2,3\r\n4, 5 ,6\r\n',
  'lone CR line ends': 'a,b\r1,2\r3,4',
  'a quote after plain lines': 'a,b\n1,2\n3,"x,y"\n5,6\n',
  'blank lines': 'a,b\n\n1,2\n   \n3,4\n',
  'byte order mark': '\uFEFFa,b\n1,2\n',
  'short and long rows': 'a,b,c\n1,2\n1,2,3,4\n,,\n',
  'multi-byte characters': 'a,b\nÁlava,Córdoba\nñ,日本語\nÁlava,日本語\n',
  'no last line end': 'a,b\n1,2',
  'header only': 'a,b\n',
  'empty file': '',
  'blank first line': '\na,b\n1,2\n',
  tabs: 'a,b\n\t1\t, 2\n',
  'empty values': 'a,b,c\n,,\n"",x,\n',
  // FNV-1a gives 'costarring' and 'liquid' one hash, 'declinate' and 'macallums' another.
  'values whose hashes collide':
    'a,b\ncostarring,declinate\nliquid,macallums\ncostarring,macallums\nliquid,declinate\n',
  'long padding, inner blanks': `a,b\n1,Madrid Atocha${' '.repeat(300)}\n2,x \t \n3,  y  ${' '.repeat(40)}\n4,${' '.repeat(60)}\n`,
  // Past 256 values a column's codes widen, past 512 its table of hashes grows.
  'thousands of values, each twice': `a,b\n${[0, 1]
    .flatMap(() => Array.from({ length: 1500 }, (_, i) => `v${i},${i % 7}\n`))
    .join('')}`,
  // Blanks to the line's end are read eight at a time: a tab or a letter at any place after them.
  'blanks to the end, broken anywhere': `a,b\n${Array.from(
    { length: 40 },
    (_, i) => `${i},x${' '.repeat(i)}${['\t', 'y', ''][i % 3]}${' '.repeat(17 - (i % 9))}\n`,
  ).join('')}`,
  'every value padded': `a,b,c\n${Array.from({ length: 30 }, (_, i) => `  T${i % 4}   ,${' '.repeat(i)}${i}\t,  x  ${' '.repeat(i)}\n`).join('')}`,
  // Past 4 096 cells a column whose rows mostly repeat the row before compares with it first.
  'runs of one trip, then others': `trip,stop\n${Array.from(
    { length: 6000 },
    (_, i) => `${i < 5000 ? `T${Math.floor(i / 20)}` : `T${i % 7}${i % 11 === 0 ? ' ' : ''}`},S${i % 13}\n`,
  ).join('')}`,
};

describe('packed CSV read from bytes', () => {
  for (const [name, text] of Object.entries(cases)) {
    it(`reads ${name} as the text reader does, in chunks of any size`, () => {
      const data = new TextEncoder().encode(text);
      for (const size of [1, 2, 3, 5, 1000])
        expectSame(viaBytes('t.txt', data, size), viaText('t.txt', data, size));
    });
  }

  it.skipIf(!hasSharedData())("reads Metro-North's stop_times.txt as the text reader does, packed", () => {
    const zip = readFileSync(join(SHARED_DATA_DIR, 'gtfs', 'metro-north-railroad-2026-08.zip'));
    const data = unzipSync(zip, { filter: (f) => f.name === 'stop_times.txt' })['stop_times.txt']!;
    const bytes = viaBytes('stop_times.txt', data, 65536);
    expect(packedRows(bytes.rows)).toBeDefined();
    expect(bytes.rows.length).toBeGreaterThan(300_000);
    expectSame(bytes, viaText('stop_times.txt', data, 7777));
  });
});
