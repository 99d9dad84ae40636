/**
 * A GTFS zip whose feed_info.txt names a given feed_version: the version the realtime feeds name
 * in FeedHeader.feed_version, which GTFS-Realtime asks to match feed_info.txt's. Every other
 * entry is copied as stored, byte for byte (no file is inflated but feed_info.txt and agency.txt),
 * so a 16 MB zip is spliced in milliseconds.
 */
import { stringify } from 'csv-stringify/sync';
import { zipSync } from 'fflate';
import { parseCsvTable } from './csv-table.ts';
import {
  type InflateBudget,
  inflateEntry,
  listZipEntries,
  NotAZipError,
  type ZipEntry,
} from './zip-entries.ts';

const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const FIXED_MTIME = new Date(2000, 0, 1);
/** feed_info.txt and agency.txt are a few lines; more is not a GTFS feed's. */
const SMALL_FILES_BYTES = 16 * 1024 * 1024;

export type FeedVersionOptions = {
  /** The feed_version every row of feed_info.txt is given. */
  feedVersion: string;
  /** feed_lang of a feed_info.txt made anew when agency.txt gives no agency_lang. */
  defaultLanguage: string;
};

/**
 * The zip with feed_info.txt's feed_version set (a column added if it had none); a zip without
 * feed_info.txt gains one from its first agency: feed_publisher_name, feed_publisher_url and
 * feed_lang from agency_name, agency_url and agency_lang. feed_info.txt goes beside agency.txt
 * (the feed's folder, when the planners zipped one).
 */
export function withFeedVersion(zip: Uint8Array, options: FeedVersionOptions): Uint8Array {
  const entries = listZipEntries(zip);
  const agency = entries.find((e) => baseName(e.name) === 'agency.txt');
  const folder = agency ? agency.name.slice(0, agency.name.length - 'agency.txt'.length) : '';
  const name = `${folder}feed_info.txt`;
  const budget: InflateBudget = { remaining: SMALL_FILES_BYTES, limit: SMALL_FILES_BYTES };
  const given = entries.find((e) => e.name === name);
  const table = given
    ? parseCsvTable('feed_info.txt', textOf(zip, given, budget))
    : newFeedInfo(agency ? parseCsvTable('agency.txt', textOf(zip, agency, budget)) : null, options);
  let at = table.header.indexOf('feed_version');
  if (at < 0) {
    table.header.push('feed_version');
    at = table.header.length - 1;
  }
  const rows = table.rows.length > 0 ? table.rows : [table.header.map(() => '')];
  for (const row of rows) {
    while (row.length < table.header.length) row.push('');
    row[at] = options.feedVersion;
  }
  const csv = new TextEncoder().encode(stringify([table.header, ...rows]));
  const added = zipSync({ [name]: [csv, { level: 6, mtime: FIXED_MTIME }] });
  return splice(zip, name, added);
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function textOf(zip: Uint8Array, entry: ZipEntry, budget: InflateBudget): string {
  const chunks: Uint8Array[] = [];
  inflateEntry(zip, entry, budget, (chunk) => {
    if (chunk.length > 0) chunks.push(Uint8Array.from(chunk));
  });
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** feed_info.txt's required fields from the first agency (GTFS: feed_publisher_name, _url, feed_lang). */
function newFeedInfo(
  agency: { header: string[]; rows: string[][] } | null,
  options: FeedVersionOptions,
): { header: string[]; rows: string[][] } {
  const first = agency?.rows[0] ?? [];
  const field = (column: string) => {
    const i = agency?.header.indexOf(column) ?? -1;
    return i < 0 ? '' : (first[i] ?? '').trim();
  };
  return {
    header: ['feed_publisher_name', 'feed_publisher_url', 'feed_lang'],
    rows: [[field('agency_name'), field('agency_url'), field('agency_lang') || options.defaultLanguage]],
  };
}

type Central = { name: string; record: Uint8Array; localOffset: number };

/** The central directory records as stored, in directory order. */
function centralRecords(zip: Uint8Array): { records: Central[]; cdOffset: number } {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let i = zip.length - 22; i >= 0 && i >= zip.length - 22 - 65535; i--)
    if (dv.getUint32(i, true) === SIG_END) {
      end = i;
      break;
    }
  if (end < 0) throw new NotAZipError('no zip end-of-central-directory record');
  const cdSize = dv.getUint32(end + 12, true);
  const cdOffset = dv.getUint32(end + 16, true);
  const records: Central[] = [];
  const decoder = new TextDecoder('utf-8');
  for (let p = cdOffset; p + 46 <= cdOffset + cdSize && dv.getUint32(p, true) === SIG_CENTRAL; ) {
    const nameLen = dv.getUint16(p + 28, true);
    const length = 46 + nameLen + dv.getUint16(p + 30, true) + dv.getUint16(p + 32, true);
    const localOffset = dv.getUint32(p + 42, true);
    // An offset past 4 GB is in a ZIP64 field: listZipEntries refuses such archives already.
    if (localOffset === 0xffffffff)
      throw new NotAZipError('ZIP64 archives larger than 4 GB are not supported');
    records.push({
      name: decoder.decode(zip.subarray(p + 46, p + 46 + nameLen)),
      record: zip.slice(p, p + length),
      localOffset,
    });
    p += length;
  }
  return { records, cdOffset };
}

/**
 * The zip without its entry `name`, with the one entry of `added` after the others: each local
 * record (header, data, data descriptor) copied from its offset to the next one's, the central
 * records copied with their new offsets.
 */
function splice(zip: Uint8Array, name: string, added: Uint8Array): Uint8Array {
  const source = centralRecords(zip);
  const extra = centralRecords(added);
  const spans = (records: Central[], cdOffset: number) => {
    const byOffset = [...records].sort((a, b) => a.localOffset - b.localOffset);
    return new Map(
      byOffset.map((r, i) => [r, [r.localOffset, byOffset[i + 1]?.localOffset ?? cdOffset] as const]),
    );
  };
  const kept = source.records.filter((r) => r.name !== name);
  const keptSpans = spans(source.records, source.cdOffset);
  const addedSpans = spans(extra.records, extra.cdOffset);
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const place = (from: Uint8Array, r: Central, span: readonly [number, number]) => {
    parts.push(from.subarray(span[0], span[1]));
    const record = Uint8Array.from(r.record);
    new DataView(record.buffer).setUint32(42, offset, true);
    central.push(record);
    offset += span[1] - span[0];
  };
  for (const r of [...kept].sort((a, b) => a.localOffset - b.localOffset)) place(zip, r, keptSpans.get(r)!);
  for (const r of extra.records) place(added, r, addedSpans.get(r)!);
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const dv = new DataView(end.buffer);
  dv.setUint32(0, SIG_END, true);
  dv.setUint16(8, central.length, true);
  dv.setUint16(10, central.length, true);
  dv.setUint32(12, cdSize, true);
  dv.setUint32(16, offset, true);
  return Buffer.concat([...parts, ...central, end]);
}
