import { Readable } from 'node:stream';
import { storedFileChunks } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import type { StoredFile } from './get-file.ts';

/**
 * The bytes of a stored file as a stream that reads its next chunk (one query, store-file.ts's
 * CHUNK_BYTES) only when the consumer asks for more. Piped to a client that stops reading, it
 * holds the chunk the socket is still writing and at most one more, never the file; and between
 * chunks it holds no database connection, so stalled or abandoned downloads cannot take the
 * pool. Destroying it (the client went away) stops it after the query under way, if any.
 *
 * A file deleted while it is read (a summary) ends the stream with an error: the client gets a
 * cut connection, shorter than its Content-Length, never other bytes.
 */
export function readStoredFile(deps: Pick<Deps, 'db'>, file: Pick<StoredFile, 'id' | 'size'>): Readable {
  let seq = 0;
  let sent = 0;
  return new Readable({
    // The default mark (16 KiB) is below one chunk: while a chunk waits unread, no query is made.
    read() {
      if (sent >= file.size) {
        this.push(null);
        return;
      }
      deps.db
        .select({ bytes: storedFileChunks.bytes })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, file.id), eq(storedFileChunks.seq, seq)))
        .then(
          ([row]) => {
            if (this.destroyed) return;
            if (!row || row.bytes.length === 0 || sent + row.bytes.length > file.size) {
              this.destroy(new Error(`stored file ${file.id} has no chunk ${seq} of its ${file.size} bytes`));
              return;
            }
            seq += 1;
            sent += row.bytes.length;
            this.push(row.bytes);
            if (sent === file.size) this.push(null);
          },
          (error: unknown) => this.destroy(error as Error),
        );
    },
  });
}

/** The whole file in memory: for the server's own use of small files and for tests, never a download. */
export async function readStoredFileBytes(
  deps: Pick<Deps, 'db'>,
  file: Pick<StoredFile, 'id' | 'size'>,
): Promise<Buffer> {
  return Buffer.concat(await readStoredFile(deps, file).toArray());
}
