/** Opens xlsx bytes with exceljs, after proving they unpack within the size limit. */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { excelJs } from './exceljs-on-demand.ts';
import { DEFAULT_MAX_UNZIPPED_BYTES, notAZipProblem, tooLargeProblem } from './read-zip.ts';
import type { InputProblem } from './tables.ts';
import { inflateEntry, listZipEntries, NotAZipError, ZipTooLargeError } from './zip-entries.ts';

export type LoadedWorkbook = { workbook?: ExcelJS.Workbook; problems: InputProblem[] };

/**
 * exceljs inflates every part in memory without a limit, so the parts are inflated (and
 * discarded) here first under the same budget as a GTFS zip: an xlsx bomb never reaches it.
 */
export async function loadWorkbook(
  bytes: Uint8Array,
  maxUnzippedBytes = DEFAULT_MAX_UNZIPPED_BYTES,
): Promise<LoadedWorkbook> {
  try {
    const entries = listZipEntries(bytes);
    if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
      return {
        problems: [
          {
            code: 'not_a_workbook',
            message:
              'This zip archive is not an Excel workbook (it has no xl/workbook.xml). Save the workbook as .xlsx.',
          },
        ],
      };
    }
    if (entries.reduce((sum, e) => sum + e.size, 0) > maxUnzippedBytes) {
      return { problems: [tooLargeProblem(maxUnzippedBytes)] };
    }
    const budget = { remaining: maxUnzippedBytes, limit: maxUnzippedBytes };
    for (const entry of entries) if (!entry.name.endsWith('/')) inflateEntry(bytes, entry, budget, () => {});
  } catch (error) {
    if (error instanceof ZipTooLargeError) return { problems: [tooLargeProblem(maxUnzippedBytes)] };
    if (error instanceof NotAZipError) return { problems: [notAZipProblem(error.message)] };
    throw error;
  }
  const workbook = new (await excelJs()).Workbook();
  try {
    // read(), not load(): exceljs types load()'s Buffer as an ArrayBuffer, which no Node Buffer matches.
    await workbook.xlsx.read(Readable.from([bytes]));
  } catch (error) {
    return {
      problems: [
        {
          code: 'unreadable_workbook',
          message: `The workbook could not be opened (${(error as Error).message}). Open it in Excel, save it again as .xlsx and upload that file.`,
        },
      ],
    };
  }
  return { workbook, problems: [] };
}
