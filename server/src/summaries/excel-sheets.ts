import type ExcelJS from 'exceljs';

export type ColumnFormat = 'text' | 'count' | 'date' | 'datetime' | 'duration' | 'minutes';
export type TableColumn = { header: string; width: number; format?: ColumnFormat };
export type Block = { title: string; columns: TableColumn[]; rows: unknown[][] };

type WorkbookWriter = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;
type Worksheet = ExcelJS.Worksheet & { commit(): void };

/**
 * One style object per format, shared by every cell of that format: exceljs recognises a style
 * object it has seen (WeakMap) instead of serialising it again for each of 100 000s of cells.
 */
const STYLES: Record<ColumnFormat, Partial<ExcelJS.Style> | undefined> = {
  text: undefined,
  count: { numFmt: '0' },
  date: { numFmt: 'yyyy-mm-dd' },
  datetime: { numFmt: 'yyyy-mm-dd hh:mm' },
  duration: { numFmt: '[h]:mm' },
  minutes: { numFmt: '0.0' },
};

/** Rows between two yields to the event loop while a large sheet is written (about 10 ms of work; 1 000 took 44). */
const ROWS_PER_TURN = 200;
const BOLD = { bold: true } as const;

/**
 * One table per sheet, as a manager filters it: bold header row, frozen below it, autofilter
 * over every column, widths set, dates as Excel dates (the cell values are Dates).
 */
export async function writeTableSheet(
  workbook: WorkbookWriter,
  name: string,
  columns: TableColumn[],
  rows: Iterable<unknown[]>,
): Promise<void> {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] }) as Worksheet;
  sheet.columns = columns.map((c) => ({ width: c.width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = BOLD;
  header.commit();
  let n = 0;
  for (const values of rows) {
    addFormattedRow(sheet, columns, values).commit();
    if (++n % ROWS_PER_TURN === 0) await nextTurn();
  }
  sheet.commit();
}

/**
 * Several count tables side by side on one sheet, each under its bold title, with one empty
 * column between them; the title and header rows stay frozen. (Excel allows one autofilter per
 * sheet, which would cut across the blocks, so count sheets have none; each block is sorted.)
 */
export async function writeBlocksSheet(
  workbook: WorkbookWriter,
  name: string,
  blocks: Block[],
): Promise<void> {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 2 }] }) as Worksheet;
  const offsets: number[] = [];
  const columns: TableColumn[] = [];
  for (const block of blocks) {
    if (columns.length > 0) columns.push({ header: '', width: 3 });
    offsets.push(columns.length);
    columns.push(...block.columns);
  }
  sheet.columns = columns.map((c) => ({ width: c.width }));
  const titles: unknown[] = [];
  blocks.forEach((b, i) => {
    titles[offsets[i]!] = b.title;
  });
  const titleRow = addFormattedRow(sheet, [], titles);
  titleRow.font = { bold: true, size: 12 };
  titleRow.commit();
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = BOLD;
  header.commit();
  const height = Math.max(0, ...blocks.map((b) => b.rows.length));
  for (let i = 0; i < height; i++) {
    const values: unknown[] = [];
    blocks.forEach((b, j) => {
      b.rows[i]?.forEach((v, k) => {
        values[offsets[j]! + k] = v;
      });
    });
    addFormattedRow(sheet, columns, values).commit();
    if ((i + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
  sheet.commit();
}

/**
 * Cells are set one by one: exceljs reads an array whose first item is empty as 1-based, which
 * would shift rows that start with an empty block.
 */
function addFormattedRow(sheet: Worksheet, columns: TableColumn[], values: unknown[]) {
  const row = sheet.addRow([]);
  values.forEach((value, i) => {
    if (value === null || value === undefined) return;
    const cell = row.getCell(i + 1);
    cell.value = value as ExcelJS.CellValue;
    const style = STYLES[columns[i]?.format ?? 'text'];
    if (style) cell.style = style;
  });
  return row;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
