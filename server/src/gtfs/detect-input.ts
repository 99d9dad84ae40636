/** Tells what an upload is from its bytes, never from its file name. */
import { listZipEntries, looksLikeZip } from './zip-entries.ts';

export type InputKind = 'gtfs_zip' | 'xlsx' | 'xls' | 'empty' | 'unknown';

/** xlsx is itself a zip: the presence of `xl/workbook.xml` is what makes it a workbook. */
export function detectInput(bytes: Uint8Array): InputKind {
  if (bytes.length === 0) return 'empty';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  if (!looksLikeZip(bytes)) return 'unknown';
  try {
    return listZipEntries(bytes).some((e) => e.name === 'xl/workbook.xml') ? 'xlsx' : 'gtfs_zip';
  } catch {
    return 'gtfs_zip'; // a broken zip: the zip reader says what is wrong with it
  }
}
