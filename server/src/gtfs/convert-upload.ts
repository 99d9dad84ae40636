/** Any accepted upload (timetable workbook, plain workbook, GTFS zip) → GTFS feed + input problems. */
import { detectInput } from './detect-input.ts';
import { loadWorkbook } from './load-workbook.ts';
import { readPlainSheets } from './read-plain-workbook.ts';
import { DIRECTORY_SHEET, looksLikeTimetable, readTimetableSheets } from './read-timetable-workbook.ts';
import { notAZipProblem, readGtfsZip, readGtfsZipStreaming, type StreamedFile } from './read-zip.ts';
import type { GtfsFeed, InputProblem } from './tables.ts';
import { findSheet } from './workbook-cells.ts';

export type UploadKind = 'timetable_workbook' | 'plain_workbook' | 'gtfs_zip';
export type ConvertedUpload = { kind: UploadKind; feed: GtfsFeed; problems: InputProblem[] };
export type ConvertOptions = {
  maxUnzippedBytes?: number;
  /** A GTFS zip's file to read last and follow while it is read (read-zip.ts). */
  streamed?: StreamedFile;
};

export async function convertUpload(
  bytes: Uint8Array,
  options: ConvertOptions = {},
): Promise<ConvertedUpload> {
  const kind = detectInput(bytes);
  if (kind === 'empty') {
    return {
      kind: 'gtfs_zip',
      feed: new Map(),
      problems: [
        {
          code: 'empty_file',
          message:
            'The uploaded file is empty (0 bytes). Upload the GTFS zip or the schedule workbook again.',
        },
      ],
    };
  }
  if (kind === 'xls') {
    return {
      kind: 'plain_workbook',
      feed: new Map(),
      problems: [
        {
          code: 'old_excel_format',
          message:
            'This is an old-style .xls workbook. Open it in Excel, save it as "Excel Workbook (.xlsx)" and upload that file.',
        },
      ],
    };
  }
  if (kind === 'unknown') {
    const text = new TextDecoder()
      .decode(bytes.subarray(0, 64))
      .split('')
      .every((ch) => isPrintable(ch.charCodeAt(0)));
    return {
      kind: 'gtfs_zip',
      feed: new Map(),
      problems: [
        notAZipProblem(
          text
            ? 'it looks like a text file, e.g. a single CSV'
            : 'it is neither a zip nor an Excel .xlsx file',
        ),
      ],
    };
  }
  if (kind === 'gtfs_zip') {
    const read = options.streamed
      ? await readGtfsZipStreaming(bytes, options, options.streamed)
      : readGtfsZip(bytes, options);
    return { kind, ...read };
  }

  const loaded = await loadWorkbook(bytes, options.maxUnzippedBytes);
  if (!loaded.workbook) return { kind: 'plain_workbook', feed: new Map(), problems: loaded.problems };
  const wb = loaded.workbook;
  if (findSheet(wb, DIRECTORY_SHEET) || wb.worksheets.some(looksLikeTimetable)) {
    return { kind: 'timetable_workbook', ...readTimetableSheets(wb) };
  }
  return { kind: 'plain_workbook', ...readPlainSheets(wb) };
}

/** Tab, line breaks and printable ASCII: what a CSV or other text upload starts with. */
function isPrintable(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || (code >= 32 && code < 127);
}
