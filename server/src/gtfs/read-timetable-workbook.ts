/**
 * The operator's timetable workbook (docs/workbook.md) → GTFS tables. Every problem of
 * the file is collected in one pass, each with its sheet, cell and how to fix it, and every
 * produced row remembers the cell it came from so validator notices can point back at it.
 * The sheets are read by the files of ./timetable/.
 */
import type ExcelJS from 'exceljs';
import { loadWorkbook } from './load-workbook.ts';
import type { ReadResult } from './read-zip.ts';
import type { GtfsFeed, InputProblem } from './tables.ts';
import { DIRECTORY_SHEET, readDirectory } from './timetable/directory-sheet.ts';
import { createContext } from './timetable/read-context.ts';
import { missingSheet, readReferenceSheets } from './timetable/reference-sheets.ts';
import { readTimetable } from './timetable/timetable-sheet.ts';
import { looksLikeTimetable } from './timetable/train-row.ts';
import { findSheet } from './workbook-cells.ts';

export { DIRECTORY_SHEET } from './timetable/directory-sheet.ts';
export { REFERENCE_SHEETS } from './timetable/reference-sheets.ts';
export { isTrainNoHeader, looksLikeTimetable, TRAIN_NO } from './timetable/train-row.ts';

export async function readTimetableWorkbook(
  bytes: Uint8Array,
  maxUnzippedBytes?: number,
): Promise<ReadResult> {
  const loaded = await loadWorkbook(bytes, maxUnzippedBytes);
  if (!loaded.workbook) return { feed: new Map(), problems: loaded.problems };
  return readTimetableSheets(loaded.workbook);
}

export function readTimetableSheets(wb: ExcelJS.Workbook): ReadResult {
  const problems: InputProblem[] = [];
  const feed: GtfsFeed = new Map();
  const reference = readReferenceSheets(wb, feed, problems);
  const ctx = createContext(wb, feed, problems);

  const directory = findSheet(wb, DIRECTORY_SHEET);
  const linked = new Map<string, string>();
  if (!directory) {
    problems.push(
      missingSheet(
        DIRECTORY_SHEET,
        "listing each route's long name in row 1 (from column B) and hyperlinks to its timetable sheets below",
      ),
    );
  } else {
    reference.add(directory.name);
    readDirectory(directory, feed.get('routes.txt'), ctx, linked);
  }
  for (const [sheetName, routeId] of linked) readTimetable(wb.getWorksheet(sheetName)!, routeId, ctx);
  for (const ws of wb.worksheets) {
    if (reference.has(ws.name) || linked.has(ws.name) || !looksLikeTimetable(ws)) continue;
    problems.push({
      code: 'timetable_not_in_directory',
      sheet: ws.name,
      cell: 'A3',
      message: `Sheet "${ws.name}" is a timetable but no hyperlink in the Directory sheet points to it, so its trains have no route. Add a hyperlink to it under its route in the Directory sheet, or delete the sheet.`,
    });
  }
  feed.set('trips.txt', ctx.trips);
  feed.set('stop_times.txt', ctx.stopTimes);
  return { feed, problems };
}
