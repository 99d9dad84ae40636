/**
 * One timetable sheet → its trips and stop_times: row 3 = `TRAIN NO.` then the train numbers,
 * rows 4 on = a stop_id under `TRAIN NO.` and each train's time at it.
 */
import type ExcelJS from 'exceljs';
import { columnLetter, mergedRanges, readCell, ref, usedRange } from '../workbook-cells.ts';
import type { Context } from './read-context.ts';
import { type CellText, isNoCall, textReader } from './timetable-cells.ts';
import { readHeading } from './timetable-heading.ts';
import { readTrain, type StopRow } from './train-column.ts';
import { isTrainNoHeader, TRAIN_NO } from './train-row.ts';

export function readTimetable(ws: ExcelJS.Worksheet, routeId: string, ctx: Context): void {
  const sheet = ws.name;
  reportMergedRanges(ws, ctx);
  const { lastRow, lastCol } = usedRange(ws);
  const text = textReader(ws, ctx.problems);
  const { serviceId, shapeId } = readHeading(sheet, lastCol, text, ctx);

  let trainCol = 0;
  for (let c = 1; c <= Math.max(lastCol, 1) && !trainCol; c++) if (isTrainNoHeader(text(3, c))) trainCol = c;
  if (!trainCol) {
    ctx.problems.push({
      code: 'missing_train_row',
      sheet,
      cell: 'A3',
      message: `Sheet "${sheet}" has no "${TRAIN_NO}" cell in row 3. Put ${TRAIN_NO} in A3, the train numbers to its right and the stop ids below it.`,
    });
    return;
  }

  const stopRows = readStopRows(ws, trainCol, lastRow, lastCol, text, ctx);
  const timetable = { ws, routeId, serviceId, shapeId, stopRows, text };
  for (let c = trainCol + 1; c <= lastCol; c++) readTrain(timetable, c, ctx);
}

function reportMergedRanges(ws: ExcelJS.Worksheet, ctx: Context): void {
  const sheet = ws.name;
  for (const range of mergedRanges(ws)) {
    ctx.problems.push({
      code: 'merged_cells',
      sheet,
      cell: range.split(':')[0],
      message: `${ref(sheet, range)} is a merged range. Unmerge it (Home > Merge & Center > Unmerge Cells) and give every cell its own value.`,
    });
  }
}

/** The stop rows under `TRAIN NO.`; a row without a stop_id is skipped (reported when it has times). */
function readStopRows(
  ws: ExcelJS.Worksheet,
  trainCol: number,
  lastRow: number,
  lastCol: number,
  text: CellText,
  ctx: Context,
): StopRow[] {
  const sheet = ws.name;
  const stopRows: StopRow[] = [];
  for (let r = 4; r <= lastRow; r++) {
    const stopId = text(r, trainCol);
    const address = `${columnLetter(trainCol)}${r}`;
    if (stopId === '') {
      let hasTimes = false;
      for (let c = trainCol + 1; c <= lastCol && !hasTimes; c++)
        hasTimes = !isNoCall(readCell(ws.getRow(r).getCell(c).value).value);
      if (hasTimes) {
        ctx.problems.push({
          code: 'missing_stop_id',
          sheet,
          cell: address,
          message: `${ref(sheet, address)} is empty but trains have times in row ${r}. Type the stop_id of the Stops sheet there.`,
        });
      }
      continue;
    }
    if (!ctx.stopNames.has(stopId)) {
      ctx.problems.push({
        code: 'unknown_stop',
        sheet,
        cell: address,
        message: `${ref(sheet, address)} names the stop "${stopId}", which is not a stop_id of the Stops sheet. Correct the name or add the stop to the Stops sheet.`,
      });
    }
    stopRows.push({ r, stopId });
  }
  return stopRows;
}
