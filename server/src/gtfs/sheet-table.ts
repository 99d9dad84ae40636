/** A worksheet laid out like a GTFS file (row 1 = field names, one record per row) → GtfsTable. */
import type ExcelJS from 'exceljs';
import { cellTimeToSeconds, formatGtfsTime } from './parse-time.ts';
import type { GtfsTable, InputProblem, RowOrigin } from './tables.ts';
import { columnLetter, readCell, ref, reportCellProblem, scalarText, usedRange } from './workbook-cells.ts';

function isTimeField(field: string): boolean {
  return field.endsWith('_time');
}

function isDateField(field: string): boolean {
  return field === 'date' || field.endsWith('_date');
}

/**
 * Reads `ws` as the GTFS file `file`. Columns with an empty header are skipped, wholly empty rows
 * too; each row keeps the sheet and cell it came from. Excel dates and times in date and time
 * fields become GTFS text; a date anywhere else is reported as the wrong type.
 */
export function readSheetTable(
  ws: ExcelJS.Worksheet,
  file: string,
  problems: InputProblem[],
  requiredColumns: string[] = [],
): GtfsTable {
  const sheet = ws.name;
  const { lastRow, lastCol } = usedRange(ws);
  const header: string[] = [];
  const columns: number[] = [];
  const headerRow = ws.getRow(1);
  for (let c = 1; c <= lastCol; c++) {
    const read = readCell(headerRow.getCell(c).value);
    reportCellProblem(read, sheet, `${columnLetter(c)}1`, problems);
    const name = scalarText(read.value);
    if (name === '') continue;
    if (header.includes(name)) {
      problems.push({
        code: 'duplicate_column',
        sheet,
        cell: `${columnLetter(c)}1`,
        message: `${ref(sheet, `${columnLetter(c)}1`)} repeats the column name "${name}". Keep one column per field.`,
      });
      continue;
    }
    header.push(name);
    columns.push(c);
  }
  for (const required of requiredColumns) {
    if (!header.includes(required)) {
      problems.push({
        code: 'missing_required_column',
        sheet,
        cell: 'A1',
        message: `Sheet "${sheet}" has no "${required}" column. Add a column headed ${required} in row 1.`,
      });
    }
  }
  const rows: string[][] = [];
  const origins: (RowOrigin | undefined)[] = [];
  for (let r = 2; r <= lastRow; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    const values = columns.map((c, i) => {
      const address = `${columnLetter(c)}${r}`;
      const read = readCell(row.getCell(c).value);
      reportCellProblem(read, sheet, address, problems);
      const field = header[i];
      if (read.value instanceof Date || (typeof read.value === 'number' && isTimeField(field))) {
        if (isTimeField(field)) {
          const seconds = cellTimeToSeconds(read.value);
          if (seconds !== undefined) return formatGtfsTime(seconds);
        } else if (!isDateField(field)) {
          problems.push({
            code: 'wrong_cell_type',
            sheet,
            cell: address,
            message: `${ref(sheet, address)} holds a date, but ${field} is not a date. Format the cell as text or a number and type the value again.`,
          });
        }
      }
      return scalarText(read.value);
    });
    if (values.every((v) => v === '')) continue;
    rows.push(values);
    origins.push({ sheet, cell: `A${r}` });
  }
  return { name: file, header, rows, origins };
}
