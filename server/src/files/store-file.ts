import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { storedFileChunks, storedFiles } from '@feeddesk/drizzle';
import type { Deps } from '../deps.ts';

export type FileKind =
  | 'schedule_workbook'
  | 'schedule_zip'
  /** The planners' file as given, when planned works were applied to it. */
  | 'schedule_source'
  | 'report_html'
  | 'report_json'
  | 'summary';

/**
 * Size of the chunks a file is kept in (stored_file_chunks): what a download reads per query and
 * holds for a client that stops reading. Readers follow the chunks' numbers, not this size, so
 * it may change without touching stored files.
 */
export const CHUNK_BYTES = 128 * 1024;

/**
 * postgres.js sends bytea as a hex string built in one go on the event loop: the chunks go in
 * statements of at most 512 KiB, with a turn of the loop between, so storing a large zip never
 * stalls the feeds' polls for long (2 MiB statements back to back held it 0.37 s for Renfe's).
 */
const CHUNKS_PER_INSERT = 4;

/**
 * Keeps a file in the database, where every process sees it, in one transaction (or the
 * caller's): its metadata with the SHA-256 of its bytes (the downloads' ETag), then its chunks.
 * Returns its id.
 */
export async function storeFile(
  deps: Pick<Deps, 'db' | 'now'>,
  options: { kind: FileKind; name: string; contentType: string; bytes: Uint8Array; createdBy: string | null },
): Promise<number> {
  const { bytes } = options;
  const chunk = (at: number) =>
    Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(CHUNK_BYTES, bytes.byteLength - at));
  const sha256 = await hashOf(bytes);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storedFiles)
      .values({
        kind: options.kind,
        name: options.name,
        contentType: options.contentType,
        size: bytes.byteLength,
        sha256,
        createdBy: options.createdBy,
        createdAt: deps.now(),
      })
      .returning({ id: storedFiles.id });
    const fileId = row!.id;
    const batch = CHUNK_BYTES * CHUNKS_PER_INSERT;
    for (let at = 0; at < bytes.byteLength; at += batch) {
      if (at > 0) await yieldToLoop();
      const values = [];
      for (let c = at; c < Math.min(at + batch, bytes.byteLength); c += CHUNK_BYTES)
        values.push({ fileId, seq: c / CHUNK_BYTES, bytes: chunk(c) });
      await tx.insert(storedFileChunks).values(values);
    }
    return fileId;
  });
}

/** Hex SHA-256, a slice of a few MB per turn of the event loop (16 MB take ~15 ms to hash). */
async function hashOf(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  const slice = 4 * 1024 * 1024;
  for (let at = 0; at < bytes.byteLength; at += slice) {
    if (at > 0) await yieldToLoop();
    hash.update(bytes.subarray(at, at + slice));
  }
  return hash.digest('hex');
}
