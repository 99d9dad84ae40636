/** Reading the cells of a timetable sheet: merged ranges, "does not call" marks, text with its problems. */
import type ExcelJS from 'exceljs';
import type { InputProblem } from '../tables.ts';
import { columnLetter, readCell, reportCellProblem, scalarText } from '../workbook-cells.ts';

/** The text of cell (row r, column c); a cell's problems are reported each time it is read. */
export type CellText = (r: number, c: number) => string;

export function textReader(ws: ExcelJS.Worksheet, problems: InputProblem[]): CellText {
  return (r, c) => {
    const cell = ws.getRow(r).getCell(c);
    if (isMergeSlave(cell)) return '';
    const read = readCell(cell.value);
    reportCellProblem(read, ws.name, `${columnLetter(c)}${r}`, problems);
    return scalarText(read.value);
  };
}

/** exceljs shows a merged range's value in every cell of it; only its top-left cell is real (the merge is reported). */
export function isMergeSlave(cell: ExcelJS.Cell): boolean {
  return cell.isMerged && cell.master.address !== cell.address;
}

/** An empty cell, `..`, `...` or `…`: the train does not call at this stop. */
export function isNoCall(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  const t = value.trim();
  return t === '' || /^\.{2,3}$/.test(t) || t === '…';
}
