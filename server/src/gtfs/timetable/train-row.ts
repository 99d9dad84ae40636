/** Row 3 of a timetable sheet: the `TRAIN NO.` header cell, then one train number per column. */
import type ExcelJS from 'exceljs';
import { readCell, scalarText } from '../workbook-cells.ts';

export const TRAIN_NO = 'TRAIN NO.';

/** `TRAIN NO.`, `Train No`, ` TRAIN NO. ` all head the train row. */
export function isTrainNoHeader(text: string): boolean {
  return /^train\s*no\.?$/i.test(text.trim());
}

/** A train number as typed; `2300.0` (a number saved as text by some tools) means `2300`. */
export function trainNumber(text: string): string {
  return text.replace(/^(\d+)\.0+$/, '$1');
}

/** Does row 3 of the sheet hold a `TRAIN NO.` cell? Then it is a timetable. */
export function looksLikeTimetable(ws: ExcelJS.Worksheet): boolean {
  let found = false;
  ws.getRow(3).eachCell({ includeEmpty: false }, (cell) => {
    if (isTrainNoHeader(scalarText(readCell(cell.value).value))) found = true;
  });
  return found;
}
