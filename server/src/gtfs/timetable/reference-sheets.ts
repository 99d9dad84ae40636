/** The reference sheets (AgencyInfo, Routes, Services, ...): row 1 = GTFS field names, copied to their file. */
import type ExcelJS from 'exceljs';
import { FILE, FILE_SPEC_BY_NAME, sheetOf } from '../files.ts';
import { readSheetTable } from '../sheet-table.ts';
import type { GtfsFeed, InputProblem } from '../tables.ts';
import { findSheet } from '../workbook-cells.ts';

type ReferenceSheet = { sheet: string; file: string; required: boolean; columns: string[] };

/** Row 1 columns a sheet must have beyond the file's own required ones. */
const SHEET_COLUMNS: Record<string, string[]> = {
  [FILE.routes]: ['route_id', 'route_long_name'],
  [FILE.calendar]: ['service_id'],
  [FILE.stops]: ['stop_id', 'stop_name'],
};

/** In the workbook's order (docs/workbook.md); the required ones are the files the reference requires. */
const SHEET_ORDER = [
  ...[FILE.agency, FILE.feedInfo, FILE.routes, FILE.calendar, FILE.calendarDates, FILE.shapes],
  ...[FILE.stops, FILE.fareAttributes, FILE.fareRules],
];

export const REFERENCE_SHEETS: ReferenceSheet[] = SHEET_ORDER.map((file) => {
  const spec = FILE_SPEC_BY_NAME.get(file)!;
  return {
    sheet: spec.sheet!,
    file,
    required: spec.presence === 'required',
    columns: SHEET_COLUMNS[file] ?? [],
  };
});

/**
 * Copies every reference sheet present into `feed` and returns the names of the sheets read,
 * so they are not mistaken for timetables missing from the Directory.
 */
export function readReferenceSheets(
  wb: ExcelJS.Workbook,
  feed: GtfsFeed,
  problems: InputProblem[],
): Set<string> {
  const reference = new Set<string>();
  for (const spec of REFERENCE_SHEETS) {
    const ws = findSheet(wb, spec.sheet);
    if (!ws) {
      if (spec.required) problems.push(missingSheet(spec.sheet, `with the ${spec.file} fields in row 1`));
      continue;
    }
    reference.add(ws.name);
    const table = readSheetTable(ws, spec.file, problems, spec.columns);
    if (table.header.length > 0) feed.set(spec.file, table);
  }
  // A service may run on listed dates only, so either Services or CalendarDays will do.
  if (!feed.has(FILE.calendar) && !feed.has(FILE.calendarDates) && !findSheet(wb, sheetOf(FILE.calendar))) {
    problems.push(
      missingSheet(
        sheetOf(FILE.calendar),
        'with service_id, monday ... sunday, start_date, end_date in row 1',
      ),
    );
  }
  return reference;
}

export function missingSheet(sheet: string, what: string): InputProblem {
  return {
    code: 'missing_required_sheet',
    sheet,
    message: `The workbook has no "${sheet}" sheet. Add a sheet named ${sheet} ${what}.`,
  };
}
