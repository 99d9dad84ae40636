/**
 * The operator's timetable workbook (shared/docs/workbook.md) → GTFS tables. Every problem of
 * the file is collected in one pass, each with its sheet, cell and how to fix it, and every
 * produced row remembers the cell it came from so validator notices can point back at it.
 */
import type ExcelJS from 'exceljs';
import { loadWorkbook } from './load-workbook.ts';
import { cellTimeToSeconds, formatGtfsTime, unwrapMidnight } from './parse-time.ts';
import type { ReadResult } from './read-zip.ts';
import { readSheetTable } from './sheet-table.ts';
import { column, type GtfsFeed, type GtfsTable, type InputProblem, type RowOrigin } from './tables.ts';
import {
  columnLetter,
  findSheet,
  mergedRanges,
  readCell,
  ref,
  reportCellProblem,
  scalarText,
  sheetOfLink,
  usedRange,
} from './workbook-cells.ts';

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

export const DIRECTORY_SHEET = 'Directory';
export const TRAIN_NO = 'TRAIN NO.';
const TRIP_HEADER = ['route_id', 'service_id', 'trip_id', 'trip_headsign', 'trip_short_name', 'shape_id'];
const STOP_TIME_HEADER = [
  'trip_id',
  'arrival_time',
  'departure_time',
  'stop_id',
  'stop_sequence',
  'timepoint',
];

/** `TRAIN NO.`, `Train No`, ` TRAIN NO. ` all head the train row. */
export function isTrainNoHeader(text: string): boolean {
  return /^train\s*no\.?$/i.test(text.trim());
}

/** A train number as typed; `2300.0` (a number saved as text by some tools) means `2300`. */
function trainNumber(text: string): string {
  return text.replace(/^(\d+)\.0+$/, '$1');
}

function values(table: GtfsTable | undefined, field: string): string[] {
  if (!table) return [];
  const c = column(table, field);
  return c < 0 ? [] : table.rows.map((row) => row[c]);
}

/** Does row 3 of the sheet hold a `TRAIN NO.` cell? Then it is a timetable. */
export function looksLikeTimetable(ws: ExcelJS.Worksheet): boolean {
  let found = false;
  ws.getRow(3).eachCell({ includeEmpty: false }, (cell) => {
    if (isTrainNoHeader(scalarText(readCell(cell.value).value))) found = true;
  });
  return found;
}

export async function readTimetableWorkbook(
  bytes: Uint8Array,
  maxUnzippedBytes?: number,
): Promise<ReadResult> {
  const loaded = await loadWorkbook(bytes, maxUnzippedBytes);
  if (!loaded.workbook) return { feed: new Map(), problems: loaded.problems };
  return readTimetableSheets(loaded.workbook);
}

type Context = {
  wb: ExcelJS.Workbook;
  problems: InputProblem[];
  services: Set<string>;
  shapes: Set<string>;
  stopNames: Map<string, string>;
  trips: GtfsTable & { origins: (RowOrigin | undefined)[] };
  stopTimes: GtfsTable & { origins: (RowOrigin | undefined)[] };
  tripPlaces: Map<string, string>;
};

export function readTimetableSheets(wb: ExcelJS.Workbook): ReadResult {
  const problems: InputProblem[] = [];
  const feed: GtfsFeed = new Map();
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
  if (!feed.has('calendar.txt') && !feed.has('calendar_dates.txt') && !findSheet(wb, 'Services')) {
    problems.push(
      missingSheet('Services', 'with service_id, monday ... sunday, start_date, end_date in row 1'),
    );
  }

  const ctx: Context = {
    wb,
    problems,
    services: new Set([
      ...values(feed.get('calendar.txt'), 'service_id'),
      ...values(feed.get('calendar_dates.txt'), 'service_id'),
    ]),
    shapes: new Set(values(feed.get('shapes.txt'), 'shape_id')),
    stopNames: new Map(),
    trips: { name: 'trips.txt', header: TRIP_HEADER, rows: [], origins: [] },
    stopTimes: { name: 'stop_times.txt', header: STOP_TIME_HEADER, rows: [], origins: [] },
    tripPlaces: new Map(),
  };
  const stops = feed.get('stops.txt');
  if (stops) {
    const id = column(stops, 'stop_id');
    const name = column(stops, 'stop_name');
    if (id >= 0) for (const row of stops.rows) ctx.stopNames.set(row[id], name >= 0 ? row[name] : '');
  }

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

function missingSheet(sheet: string, what: string): InputProblem {
  return {
    code: 'missing_required_sheet',
    sheet,
    message: `The workbook has no "${sheet}" sheet. Add a sheet named ${sheet} ${what}.`,
  };
}

/** Directory: from column B, row 1 = route_long_name, cells below = hyperlinks to timetable sheets. */
function readDirectory(
  ws: ExcelJS.Worksheet,
  routes: GtfsTable | undefined,
  ctx: Context,
  linked: Map<string, string>,
) {
  const sheet = ws.name;
  const routeIds = new Map<string, string>();
  if (routes) {
    const id = column(routes, 'route_id');
    const name = column(routes, 'route_long_name');
    if (id >= 0 && name >= 0) for (const row of routes.rows) routeIds.set(row[name].trim(), row[id]);
  }
  const { lastRow, lastCol } = usedRange(ws);
  const linkedFrom = new Map<string, string>();
  for (let c = 2; c <= lastCol; c++) {
    const headAddress = `${columnLetter(c)}1`;
    const routeName = scalarText(readCell(ws.getRow(1).getCell(c).value).value);
    let routeId = routeIds.get(routeName);
    if (routeId === undefined) {
      const lower = routeName.toLowerCase();
      routeId = [...routeIds].find(([name]) => name.toLowerCase() === lower)?.[1];
    }
    if (routeName === '') {
      ctx.problems.push({
        code: 'missing_route_name',
        sheet,
        cell: headAddress,
        message: `${ref(sheet, headAddress)} is empty but the column lists timetables. Type the route's route_long_name from the Routes sheet in row 1.`,
      });
    } else if (routeId === undefined) {
      ctx.problems.push({
        code: 'unknown_route',
        sheet,
        cell: headAddress,
        message: `${ref(sheet, headAddress)} names the route "${routeName}", which is not a route_long_name in the Routes sheet. Correct the name or add the route to the Routes sheet.`,
      });
    }
    for (let r = 2; r <= lastRow; r++) {
      const address = `${columnLetter(c)}${r}`;
      const cell = ws.getRow(r).getCell(c);
      const read = readCell(cell.value);
      const target = read.hyperlink ?? (cell.hyperlink || undefined);
      // The label is only a label: a formula without a saved label still links.
      if (!target) reportCellProblem(read, sheet, address, ctx.problems);
      if (!target && scalarText(read.value) === '') continue;
      if (!target) {
        ctx.problems.push({
          code: 'not_a_hyperlink',
          sheet,
          cell: address,
          message: `${ref(sheet, address)} is not a hyperlink. Make it a hyperlink to its timetable sheet (Insert > Link > Place in This Document), or clear it.`,
        });
        continue;
      }
      const targetSheet = sheetOfLink(target);
      const ts =
        targetSheet === undefined
          ? undefined
          : (ctx.wb.getWorksheet(targetSheet) ?? findSheet(ctx.wb, targetSheet));
      if (!ts) {
        ctx.problems.push({
          code: 'missing_sheet',
          sheet,
          cell: address,
          message:
            targetSheet === undefined
              ? `${ref(sheet, address)} links to "${target}", outside the workbook. Link it to a timetable sheet of this workbook.`
              : `${ref(sheet, address)} links to the sheet "${targetSheet}", which does not exist. Correct the hyperlink or add the sheet.`,
        });
        continue;
      }
      const before = linked.get(ts.name);
      const id = routeId ?? routeName;
      if (before !== undefined && before !== id) {
        ctx.problems.push({
          code: 'sheet_in_two_routes',
          sheet,
          cell: address,
          message: `${ref(sheet, address)} links the sheet "${ts.name}" to route ${id}, but ${linkedFrom.get(ts.name)} already links it to route ${before}. Link each timetable sheet under one route only.`,
        });
        continue;
      }
      if (before === undefined) {
        linked.set(ts.name, id);
        linkedFrom.set(ts.name, ref(sheet, address));
      }
    }
  }
}

type Call = { stopId: string; seconds: number; address: string };

function readTimetable(ws: ExcelJS.Worksheet, routeId: string, ctx: Context): void {
  const sheet = ws.name;
  const problems = ctx.problems;
  for (const range of mergedRanges(ws)) {
    problems.push({
      code: 'merged_cells',
      sheet,
      cell: range.split(':')[0],
      message: `${ref(sheet, range)} is a merged range. Unmerge it (Home > Merge & Center > Unmerge Cells) and give every cell its own value.`,
    });
  }
  const { lastRow, lastCol } = usedRange(ws);
  const text = (r: number, c: number) => {
    const cell = ws.getRow(r).getCell(c);
    if (isMergeSlave(cell)) return '';
    const read = readCell(cell.value);
    reportCellProblem(read, sheet, `${columnLetter(c)}${r}`, problems);
    return scalarText(read.value);
  };

  let serviceCol = 0;
  let shapeCol = 0;
  for (let c = 1; c <= lastCol; c++) {
    const head = text(1, c).toLowerCase();
    if (head === 'service' && !serviceCol) serviceCol = c;
    if (head === 'shape' && !shapeCol) shapeCol = c;
  }
  for (const [col, name] of [
    [serviceCol, 'Service'],
    [shapeCol, 'Shape'],
  ] as const) {
    if (!col) {
      problems.push({
        code: 'missing_required_column',
        sheet,
        cell: 'A1',
        message: `Sheet "${sheet}" has no "${name}" header in row 1. Add ${name} in row 1 and its value in row 2.`,
      });
    }
  }
  const serviceId = serviceCol ? text(2, serviceCol) : '';
  if (serviceCol) {
    const address = `${columnLetter(serviceCol)}2`;
    if (serviceId === '') {
      problems.push({
        code: 'missing_service',
        sheet,
        cell: address,
        message: `${ref(sheet, address)} is empty. Type the service_id (e.g. WD) of the Services or CalendarDays sheet this timetable runs on.`,
      });
    } else if (!ctx.services.has(serviceId)) {
      problems.push({
        code: 'unknown_service',
        sheet,
        cell: address,
        message: `${ref(sheet, address)} names the service "${serviceId}", which is not a service_id of the Services or CalendarDays sheet. Correct it or add the service there.`,
      });
    }
  }
  const shapeId = shapeCol ? text(2, shapeCol) : '';
  if (shapeId !== '' && !ctx.shapes.has(shapeId)) {
    const address = `${columnLetter(shapeCol)}2`;
    problems.push({
      code: 'unknown_shape',
      sheet,
      cell: address,
      message: `${ref(sheet, address)} names the shape "${shapeId}", which is not a shape_id of the Shapes sheet. Correct it, add the shape, or leave the cell empty.`,
    });
  }

  let trainCol = 0;
  for (let c = 1; c <= Math.max(lastCol, 1) && !trainCol; c++) if (isTrainNoHeader(text(3, c))) trainCol = c;
  if (!trainCol) {
    problems.push({
      code: 'missing_train_row',
      sheet,
      cell: 'A3',
      message: `Sheet "${sheet}" has no "${TRAIN_NO}" cell in row 3. Put ${TRAIN_NO} in A3, the train numbers to its right and the stop ids below it.`,
    });
    return;
  }

  const stopRows: { r: number; stopId: string }[] = [];
  for (let r = 4; r <= lastRow; r++) {
    const stopId = text(r, trainCol);
    const address = `${columnLetter(trainCol)}${r}`;
    if (stopId === '') {
      let hasTimes = false;
      for (let c = trainCol + 1; c <= lastCol && !hasTimes; c++)
        hasTimes = !isNoCall(readCell(ws.getRow(r).getCell(c).value).value);
      if (hasTimes) {
        problems.push({
          code: 'missing_stop_id',
          sheet,
          cell: address,
          message: `${ref(sheet, address)} is empty but trains have times in row ${r}. Type the stop_id of the Stops sheet there.`,
        });
      }
      continue;
    }
    if (!ctx.stopNames.has(stopId)) {
      problems.push({
        code: 'unknown_stop',
        sheet,
        cell: address,
        message: `${ref(sheet, address)} names the stop "${stopId}", which is not a stop_id of the Stops sheet. Correct the name or add the stop to the Stops sheet.`,
      });
    }
    stopRows.push({ r, stopId });
  }

  for (let c = trainCol + 1; c <= lastCol; c++) {
    const numberAddress = `${columnLetter(c)}3`;
    const train = trainNumber(text(3, c));
    const calls = readCalls(ws, c, stopRows, ctx);
    if (train === '') {
      if (calls.length > 0) {
        problems.push({
          code: 'missing_train_number',
          sheet,
          cell: numberAddress,
          message: `${ref(sheet, numberAddress)} is empty but the column has times. Type the train number in row 3.`,
        });
      }
      continue;
    }
    if (calls.length === 0) continue; // a numbered column without times is a train that does not run here
    const tripId = `${serviceId}-${train}`;
    const place = ref(sheet, numberAddress);
    const first = ctx.tripPlaces.get(tripId);
    if (first !== undefined) {
      problems.push({
        code: 'duplicate_trip_id',
        sheet,
        cell: numberAddress,
        message: `Train ${train} at ${place} gives trip ${tripId}, which ${first} already gives. Each train number may appear once per service: renumber or remove one of them.`,
      });
      continue;
    }
    ctx.tripPlaces.set(tripId, place);
    const headsign = ctx.stopNames.get(calls[calls.length - 1].stopId) ?? '';
    ctx.trips.rows.push([routeId, serviceId, tripId, headsign, train, shapeId]);
    ctx.trips.origins.push({ sheet, cell: numberAddress });
    calls.forEach((call, sequence) => {
      const time = formatGtfsTime(call.seconds);
      ctx.stopTimes.rows.push([tripId, time, time, call.stopId, String(sequence), '1']);
      ctx.stopTimes.origins.push({ sheet, cell: call.address });
    });
  }
}

/** exceljs shows a merged range's value in every cell of it; only its top-left cell is real (the merge is reported). */
function isMergeSlave(cell: ExcelJS.Cell): boolean {
  return cell.isMerged && cell.master.address !== cell.address;
}

function isNoCall(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  const t = value.trim();
  return t === '' || /^\.{2,3}$/.test(t) || t === '…';
}

/** One train column: its calls in row order, with after-midnight times carried past 24:00. */
function readCalls(
  ws: ExcelJS.Worksheet,
  c: number,
  stopRows: { r: number; stopId: string }[],
  ctx: Context,
): Call[] {
  const sheet = ws.name;
  const calls: Call[] = [];
  let previous: Call | undefined;
  for (const { r, stopId } of stopRows) {
    const address = `${columnLetter(c)}${r}`;
    const cell = ws.getRow(r).getCell(c);
    if (isMergeSlave(cell)) continue;
    const read = readCell(cell.value);
    reportCellProblem(read, sheet, address, ctx.problems);
    if (read.problem || isNoCall(read.value)) continue;
    const raw = cellTimeToSeconds(read.value);
    if (raw === undefined) {
      const shown = read.value instanceof Date ? read.value.toISOString().slice(0, 10) : String(read.value);
      ctx.problems.push(
        typeof read.value === 'string'
          ? {
              code: 'invalid_time',
              sheet,
              cell: address,
              message: `${ref(sheet, address)} holds "${shown}", which is not a time. Type the time as HH:MM or HH:MM:SS (e.g. 08:59), or .. when the train does not call at ${stopId}.`,
            }
          : {
              code: 'wrong_cell_type',
              sheet,
              cell: address,
              message: `${ref(sheet, address)} holds ${typeof read.value === 'boolean' ? 'a true/false value' : read.value instanceof Date ? `the date ${shown}` : `the number ${shown}`}, not a time of day. Format the cell as a time (hh:mm) and type the time, or .. when the train does not call at ${stopId}.`,
            },
      );
      continue;
    }
    const seconds = unwrapMidnight(previous?.seconds, raw);
    if (previous && seconds < previous.seconds) {
      ctx.problems.push({
        code: 'time_goes_backwards',
        sheet,
        cell: address,
        message: `${ref(sheet, address)} (${formatGtfsTime(seconds)} at ${stopId}) is earlier than the train's previous time ${formatGtfsTime(previous.seconds)} at ${previous.address}. Correct one of the two times.`,
      });
    }
    previous = { stopId, seconds, address };
    calls.push(previous);
  }
  return calls;
}
