import { storedFiles } from '@feeddesk/drizzle';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

export type FileKind = 'schedule_workbook' | 'schedule_zip' | 'report_html' | 'report_json' | 'summary';

/**
 * postgres.js sends bytea as a hex string built in one go on the event loop: a 16 MB zip is a
 * 32 MB string and a stall of tens of milliseconds for every poll waiting. Larger files go in
 * pieces of this size, appended in the same transaction.
 */
const PIECE_BYTES = 2 * 1024 * 1024;

/** Keeps a file in the database, where every process sees it; returns its id. */
export async function storeFile(
  deps: Deps,
  options: { kind: FileKind; name: string; contentType: string; bytes: Uint8Array; createdBy: string | null },
): Promise<number> {
  const { bytes } = options;
  const piece = (at: number) =>
    Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(PIECE_BYTES, bytes.byteLength - at));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storedFiles)
      .values({
        kind: options.kind,
        name: options.name,
        contentType: options.contentType,
        size: bytes.byteLength,
        bytes: piece(0),
        createdBy: options.createdBy,
        createdAt: deps.now(),
      })
      .returning({ id: storedFiles.id });
    for (let at = PIECE_BYTES; at < bytes.byteLength; at += PIECE_BYTES) {
      await tx
        .update(storedFiles)
        .set({ bytes: sql`${storedFiles.bytes} || ${piece(at)}` })
        .where(eq(storedFiles.id, row!.id));
    }
    return row!.id;
  });
}
