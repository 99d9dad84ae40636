/** GTFS zip bytes → feed tables (text, trimmed) and the problems that block reading it. */
import { CsvTableReader } from './csv-table.ts';
import { CORE_FILES } from './files.ts';
import type { GtfsFeed, GtfsTable, InputProblem } from './tables.ts';
import {
  type InflateBudget,
  inflateEntry,
  listZipEntries,
  NotAZipError,
  type ZipEntry,
  ZipTooLargeError,
} from './zip-entries.ts';

export const DEFAULT_MAX_UNZIPPED_BYTES = 1024 ** 3;

/**
 * Files whose rows are kept packed (packed-rows.ts): stop_times.txt always (the file that grows
 * with the schedule, and so every upload reads it the same way), any other from this size on.
 */
const PACKED_FILE = 'stop_times.txt';
const PACK_FROM_BYTES = 4 * 1024 * 1024;

export type ReadZipOptions = { maxUnzippedBytes?: number };
export type ReadResult = { feed: GtfsFeed; problems: InputProblem[] };

/**
 * One file read last and followed while it is inflated (the import streams stop_times.txt into
 * the database as it is read): `before` may wait (for the version to load into), `read` is told
 * of its table after each inflated piece (its rows only grow).
 */
export type StreamedFile = {
  name: string;
  before(feed: GtfsFeed, problems: readonly InputProblem[]): Promise<void>;
  read(table: GtfsTable): void;
};

export function notAZipProblem(detail: string): InputProblem {
  return {
    code: 'invalid_zip',
    message: `This file is not a zip archive (${detail}). Upload the GTFS feed as a .zip file, or the schedule as an .xlsx workbook.`,
  };
}

export function tooLargeProblem(limit: number): InputProblem {
  return {
    code: 'zip_too_large',
    message: `The archive unpacks to more than ${formatBytes(limit)}; it was refused unread (a zip bomb or far too large a feed). Upload a smaller feed.`,
  };
}

function formatBytes(n: number): string {
  return n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GiB` : `${Math.round(n / 1024 ** 2)} MiB`;
}

/** A name that could escape a folder if anyone ever wrote it to disk. */
function unsafeName(name: string): boolean {
  return (
    name.startsWith('/') || name.includes('\\') || name.split('/').includes('..') || /^[a-z]:/i.test(name)
  );
}

function ignorable(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.');
}

function folderOf(name: string): string {
  return name.slice(0, name.lastIndexOf('/') + 1);
}

/** The folder that holds the feed: the most core GTFS files, then the shallowest. */
function feedFolder(texts: ZipEntry[]): string {
  const score = new Map<string, number>();
  for (const e of texts) {
    const folder = folderOf(e.name);
    const known = CORE_FILES.has(e.name.slice(folder.length)) ? 1 : 0;
    score.set(folder, (score.get(folder) ?? 0) + known);
  }
  return [...score].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0][0];
}

/**
 * Reads every `.txt` file at the root of the archive (or, when none is there, from the folder
 * holding the feed, with an `invalid_input_files_in_subfolder` problem as MobilityData does).
 */
export function readGtfsZip(bytes: Uint8Array, options: ReadZipOptions = {}): ReadResult {
  const steps = readZip(bytes, options);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** The same, with `streamed` read last and followed while it is read (when the archive has it). */
export async function readGtfsZipStreaming(
  bytes: Uint8Array,
  options: ReadZipOptions,
  streamed: StreamedFile,
): Promise<ReadResult> {
  const steps = readZip(bytes, options, streamed);
  let step = steps.next();
  while (!step.done) {
    await streamed.before(step.value.feed, step.value.problems);
    step = steps.next();
  }
  return step.value;
}

/** Yields what was read so far once, right before the streamed file is inflated. */
function* readZip(
  bytes: Uint8Array,
  options: ReadZipOptions,
  streamed?: StreamedFile,
): Generator<ReadResult, ReadResult, void> {
  const limit = options.maxUnzippedBytes ?? DEFAULT_MAX_UNZIPPED_BYTES;
  const feed: GtfsFeed = new Map();
  const problems: InputProblem[] = [];
  if (bytes.length === 0) {
    return { feed, problems: [{ code: 'empty_file', message: 'The uploaded file is empty (0 bytes).' }] };
  }
  let entries: ZipEntry[];
  try {
    entries = listZipEntries(bytes);
  } catch (error) {
    if (error instanceof NotAZipError) return { feed, problems: [notAZipProblem(error.message)] };
    throw error;
  }

  const texts: ZipEntry[] = [];
  for (const entry of entries) {
    if (ignorable(entry.name)) continue;
    if (unsafeName(entry.name)) {
      problems.push({
        code: 'unsafe_file_name',
        file: entry.name,
        message: `The archive holds "${entry.name}", a path that points outside the archive; it was ignored. Zip the GTFS files themselves, without folders.`,
      });
      continue;
    }
    if (entry.name.toLowerCase().endsWith('.txt')) texts.push(entry);
  }

  let chosen = texts.filter((e) => !e.name.includes('/'));
  if (chosen.length === 0 && texts.length > 0) {
    const folder = feedFolder(texts);
    problems.push({
      code: 'invalid_input_files_in_subfolder',
      file: folder,
      message: `The GTFS files are inside the folder "${folder}" instead of at the root of the zip. Zip the files themselves, not the folder that holds them.`,
    });
    chosen = texts.filter((e) => folderOf(e.name) === folder);
  }

  const seen = new Set<string>();
  const unique: { file: string; entry: ZipEntry }[] = [];
  for (const entry of chosen) {
    const file = entry.name.slice(entry.name.lastIndexOf('/') + 1);
    if (seen.has(file)) {
      problems.push({
        code: 'duplicate_zip_entry',
        file,
        message: `The archive holds ${file} more than once; only the first copy was read. Rebuild the zip with one copy of each file.`,
      });
      continue;
    }
    seen.add(file);
    unique.push({ file, entry });
  }

  // Refuse from the declared sizes before inflating anything (every entry counts: a bomb may hide anywhere).
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limit) return { feed: new Map(), problems: [...problems, tooLargeProblem(limit)] };

  const budget: InflateBudget = { remaining: limit, limit };
  // The streamed file last, the others in archive order (the feed keeps the archive's order).
  const archiveOrder = unique.map((u) => u.file);
  unique.sort((a, b) => Number(a.file === streamed?.name) - Number(b.file === streamed?.name));
  for (const { file, entry } of unique) {
    if (entry.encrypted) {
      problems.push({
        code: 'encrypted_zip_entry',
        file,
        message: `${file} is password-protected in the archive. Zip the feed again without a password.`,
      });
      continue;
    }
    if (entry.method !== 0 && entry.method !== 8) {
      problems.push({
        code: 'unsupported_compression',
        file,
        message: `${file} is compressed with zip method ${entry.method}${entry.method === 14 ? ' (LZMA)' : ''}, which cannot be read. Zip the feed again with ordinary Deflate compression.`,
      });
      continue;
    }
    const reader = new CsvTableReader(file, file === PACKED_FILE || entry.size >= PACK_FROM_BYTES);
    const follow = file === streamed?.name ? streamed : undefined;
    if (follow) yield { feed, problems };
    try {
      inflateEntry(bytes, entry, budget, (chunk, final) => {
        reader.pushBytes(chunk, final);
        follow?.read(reader.partial());
      });
    } catch (error) {
      if (error instanceof ZipTooLargeError)
        return { feed: new Map(), problems: [...problems, tooLargeProblem(limit)] };
      if (error instanceof NotAZipError) {
        problems.push({
          code: 'corrupt_zip_entry',
          file,
          message: `${file} could not be unpacked: ${error.message}. Zip the feed again.`,
        });
        continue;
      }
      throw error;
    }
    feed.set(file, reader.finish());
  }
  const inOrder: GtfsFeed = new Map();
  for (const file of archiveOrder) {
    const table = feed.get(file);
    if (table) inOrder.set(file, table);
  }
  return { feed: inOrder, problems };
}
