import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { GtfsFeed, GtfsTable, InputProblem } from '../../tables.ts';

/** `<repo root>/../shared/data`, or undefined when the shared data is not there (a user's clone). */
export function sharedDataDir(): string | undefined {
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const dir = join(repoRoot, '../shared/data');
  return existsSync(dir) ? dir : undefined;
}

export function listZips(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listZips(path);
    return name.endsWith('.zip') ? [path] : [];
  });
}

/** A GTFS zip as a feed (values trimmed, padding and bad row lengths recorded) plus reading problems. Throws if not a zip. */
export function loadZip(path: string): { feed: GtfsFeed; problems: InputProblem[] } {
  const entries = unzipSync(readFileSync(path));
  const feed: GtfsFeed = new Map();
  const problems: InputProblem[] = [];
  const names = Object.keys(entries).filter((n) => !n.endsWith('/') && !n.startsWith('__MACOSX'));
  const nested = names.filter((n) => n.includes('/') && n.endsWith('.txt'));
  if (nested.length > 0 && !names.some((n) => !n.includes('/') && n.endsWith('.txt'))) {
    const message = `GTFS files are in a subfolder: ${nested.slice(0, 3).join(', ')}`;
    problems.push({ code: 'invalid_input_files_in_subfolder', message });
    return { feed, problems };
  }
  for (const name of names.filter((n) => !n.includes('/') && n.endsWith('.txt'))) {
    try {
      feed.set(name, toTable(name, new TextDecoder().decode(entries[name])));
    } catch (error) {
      problems.push({ code: 'csv_parsing_failed', message: String(error), file: name });
    }
  }
  return { feed, problems };
}

function toTable(name: string, text: string): GtfsTable {
  const records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  const header = (records[0] ?? []).map((h) => h.trim());
  const table: GtfsTable = { name, header, rows: [] };
  const padded = { count: 0, samples: [] as { row: number; col: number }[] };
  const bad = { count: 0, samples: [] as { row: number; length: number }[] };
  for (let r = 1; r < records.length; r++) {
    const record = records[r];
    const row = new Array<string>(header.length);
    for (let c = 0; c < header.length; c++) {
      const value = record[c] ?? '';
      const trimmed = value.trim();
      if (trimmed.length !== value.length && ++padded.count <= 100)
        padded.samples.push({ row: r - 1, col: c });
      row[c] = trimmed;
    }
    if (record.length !== header.length && ++bad.count <= 100)
      bad.samples.push({ row: r - 1, length: record.length });
    table.rows.push(row);
  }
  if (padded.count > 0) table.padded = padded;
  if (bad.count > 0) table.badRowLengths = bad;
  return table;
}

export const relativeName = (dir: string, path: string): string => relative(dir, path);
