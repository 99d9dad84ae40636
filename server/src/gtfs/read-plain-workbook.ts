/** A plain workbook, one sheet per GTFS file named after it (`stops` or `stops.txt`) → feed. */
import type ExcelJS from 'exceljs';
import { loadWorkbook } from './load-workbook.ts';
import type { ReadResult } from './read-zip.ts';
import { readSheetTable } from './sheet-table.ts';
import type { GtfsFeed, InputProblem } from './tables.ts';
import { GTFS_FILE_ORDER } from './write-zip.ts';

/**
 * `stops`, `Stops.txt`, ` stop_times ` → `stops.txt`. A name without `.txt` counts only when it is
 * a GTFS file of the spec, so a `Notes` sheet stays out; `notes.txt` (an extra file) comes in.
 */
export function gtfsFileOfSheet(name: string): string | undefined {
  const lower = name.trim().toLowerCase();
  const base = lower.replace(/\.txt$/, '');
  if (!/^[a-z][a-z0-9_]*$/.test(base)) return undefined;
  const file = `${base}.txt`;
  return lower.endsWith('.txt') || GTFS_FILE_ORDER.includes(file) ? file : undefined;
}

export async function readPlainWorkbook(bytes: Uint8Array, maxUnzippedBytes?: number): Promise<ReadResult> {
  const loaded = await loadWorkbook(bytes, maxUnzippedBytes);
  if (!loaded.workbook) return { feed: new Map(), problems: loaded.problems };
  return readPlainSheets(loaded.workbook);
}

/** Sheets whose names are not file names (a notes sheet, `Sheet 1`) are not part of the feed. */
export function readPlainSheets(wb: ExcelJS.Workbook): ReadResult {
  const feed: GtfsFeed = new Map();
  const problems: InputProblem[] = [];
  for (const ws of wb.worksheets) {
    const file = gtfsFileOfSheet(ws.name);
    if (!file) continue;
    if (feed.has(file)) {
      problems.push({
        code: 'duplicate_sheet',
        sheet: ws.name,
        file,
        message: `Sheet "${ws.name}" is a second sheet for ${file}. Keep one sheet per GTFS file.`,
      });
      continue;
    }
    const table = readSheetTable(ws, file, problems);
    if (table.header.length > 0 || table.rows.length > 0) feed.set(file, table);
  }
  if (feed.size === 0) {
    problems.push({
      code: 'no_gtfs_sheets',
      message:
        'The workbook has no sheet named after a GTFS file. Name each sheet after its file (agency, stops, routes, trips, stop_times, calendar, ...) with the field names in row 1, or use the timetable workbook with its Directory sheet.',
    });
  }
  return { feed, problems };
}
