import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { GtfsFeed } from '../../gtfs/index.ts';
import { parseGtfsCsv } from './make-feed.ts';

/** Reads the .txt files of a GTFS zip (a path, or its bytes) into a GtfsFeed (test and benchmark support, not the upload path). */
export function readGtfsZip(zip: string | Uint8Array, only?: string[]): GtfsFeed {
  const files = unzipSync(typeof zip === 'string' ? readFileSync(zip) : zip, {
    filter: (file) => file.name.endsWith('.txt') && (!only || only.includes(file.name)),
  });
  const feed: GtfsFeed = new Map();
  for (const [name, bytes] of Object.entries(files)) {
    feed.set(name, parseGtfsCsv(name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    delete files[name];
  }
  return feed;
}
