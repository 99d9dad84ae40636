/** One train column of a timetable sheet → one trip and its stop_times, each remembering its cell. */
import type ExcelJS from 'exceljs';
import { cellTimeToSeconds, formatGtfsTime, unwrapMidnight } from '../parse-time.ts';
import type { InputProblem } from '../tables.ts';
import { columnLetter, readCell, ref, reportCellProblem } from '../workbook-cells.ts';
import type { Context } from './read-context.ts';
import { type CellText, isMergeSlave, isNoCall } from './timetable-cells.ts';
import { trainNumber } from './train-row.ts';

export type StopRow = { r: number; stopId: string };

/** What the sheet gives every train of it. */
export type TimetableSheet = {
  ws: ExcelJS.Worksheet;
  routeId: string;
  serviceId: string;
  shapeId: string;
  stopRows: StopRow[];
  text: CellText;
};

type Call = { stopId: string; seconds: number; address: string };

export function readTrain(timetable: TimetableSheet, c: number, ctx: Context): void {
  const { ws, routeId, serviceId, shapeId } = timetable;
  const sheet = ws.name;
  const numberAddress = `${columnLetter(c)}3`;
  const train = trainNumber(timetable.text(3, c));
  const calls = readCalls(ws, c, timetable.stopRows, ctx);
  if (train === '') {
    if (calls.length > 0) {
      ctx.problems.push({
        code: 'missing_train_number',
        sheet,
        cell: numberAddress,
        message: `${ref(sheet, numberAddress)} is empty but the column has times. Type the train number in row 3.`,
      });
    }
    return;
  }
  if (calls.length === 0) return; // a numbered column without times is a train that does not run here
  const tripId = `${serviceId}-${train}`;
  const place = ref(sheet, numberAddress);
  const first = ctx.tripPlaces.get(tripId);
  if (first !== undefined) {
    ctx.problems.push({
      code: 'duplicate_trip_id',
      sheet,
      cell: numberAddress,
      message: `Train ${train} at ${place} gives trip ${tripId}, which ${first} already gives. Each train number may appear once per service: renumber or remove one of them.`,
    });
    return;
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

/** One train column: its calls in row order, with after-midnight times carried past 24:00. */
function readCalls(ws: ExcelJS.Worksheet, c: number, stopRows: StopRow[], ctx: Context): Call[] {
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
      ctx.problems.push(notATime(read.value, sheet, address, stopId));
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

/** Text that is not a time is mistyped; a number, date or true/false is a cell formatted wrongly. */
function notATime(value: unknown, sheet: string, address: string, stopId: string): InputProblem {
  const shown = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  return typeof value === 'string'
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
        message: `${ref(sheet, address)} holds ${typeof value === 'boolean' ? 'a true/false value' : value instanceof Date ? `the date ${shown}` : `the number ${shown}`}, not a time of day. Format the cell as a time (hh:mm) and type the time, or .. when the train does not call at ${stopId}.`,
      };
}
