/** The reference sheets (AgencyInfo, Routes, Services, ...): row 1 = GTFS field names, copied to their file. */
import type ExcelJS from 'exceljs';
import { readSheetTable } from '../sheet-table.ts';
import type { GtfsFeed, InputProblem } from '../tables.ts';
import { findSheet } from '../workbook-cells.ts';

type ReferenceSheet = { sheet: string; file: string; required: boolean; columns: string[] };

export const REFERENCE_SHEETS: ReferenceSheet[] = [
  { sheet: 'AgencyInfo', file: 'agency.txt', required: true, columns: [] },
  { sheet: 'FeedInfo', file: 'feed_info.txt', required: false, columns: [] },
  { sheet: 'Routes', file: 'routes.txt', required: true, columns: ['route_id', 'route_long_name'] },
  { sheet: 'Services', file: 'calendar.txt', required: false, columns: ['service_id'] },
  { sheet: 'CalendarDays', file: 'calendar_dates.txt', required: false, columns: [] },
  { sheet: 'Shapes', file: 'shapes.txt', required: false, columns: [] },
  { sheet: 'Stops', file: 'stops.txt', required: true, columns: ['stop_id', 'stop_name'] },
  { sheet: 'FareAttributes', file: 'fare_attributes.txt', required: false, columns: [] },
  { sheet: 'FareRules', file: 'fare_rules.txt', required: false, columns: [] },
];

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
  if (!feed.has('calendar.txt') && !feed.has('calendar_dates.txt') && !findSheet(wb, 'Services')) {
    problems.push(
      missingSheet('Services', 'with service_id, monday ... sunday, start_date, end_date in row 1'),
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
