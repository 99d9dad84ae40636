/**
 * GtfsFeed → plain workbook (one sheet per GTFS file, named after it): the
 * export of docs/workbook.md. Every value is written as text so that uploading the file again gives
 * back the same GTFS (a number cell would turn `005` into `5` and dates into serials).
 */
import { PassThrough } from 'node:stream';
import { excelJs } from './exceljs-on-demand.ts';
import type { GtfsFeed } from './tables.ts';
import { columnLetter } from './workbook-cells.ts';
import { GTFS_FILE_ORDER, orderedFileNames } from './write-zip.ts';

/** Excel's row limit, header included. */
export const EXCEL_MAX_ROWS = 1_048_576;

export class TooManyRowsError extends Error {}

export async function writePlainWorkbook(feed: GtfsFeed): Promise<Uint8Array> {
  for (const [file, table] of feed) {
    if (table.rows.length + 1 > EXCEL_MAX_ROWS) {
      throw new TooManyRowsError(
        `${file} has ${table.rows.length} rows, more than an Excel sheet holds (${EXCEL_MAX_ROWS - 1}); download the GTFS zip instead.`,
      );
    }
  }
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  // The streaming writer keeps memory flat for large stop_times sheets.
  const wb = new (await excelJs()).stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const file of orderedFileNames(feed)) {
    const table = feed.get(file)!;
    // Extra files keep `.txt` so the reader, which ignores other sheets, takes them back.
    const sheetName = GTFS_FILE_ORDER.includes(file) ? file.replace(/\.txt$/, '') : file;
    const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    if (table.header.length > 0) ws.autoFilter = `A1:${columnLetter(table.header.length)}1`;
    ws.columns = table.header.map((name) => ({
      key: name,
      width: Math.min(40, Math.max(10, name.length + 2)),
    }));
    const head = ws.addRow(table.header);
    head.font = { bold: true };
    head.commit();
    // Empty values stay empty cells; the reader gives them back as empty strings.
    for (const row of table.rows) ws.addRow(row.map((v) => (v === '' ? null : v))).commit();
    ws.commit();
  }
  await wb.commit();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
