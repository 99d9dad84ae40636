import { storedFiles } from '@feeddesk/drizzle';
import type { Deps } from '../deps.ts';

export type FileKind = 'schedule_workbook' | 'schedule_zip' | 'report_html' | 'report_json' | 'summary';

/** Keeps a file in the database, where every process sees it; returns its id. */
export async function storeFile(
  deps: Deps,
  options: { kind: FileKind; name: string; contentType: string; bytes: Uint8Array; createdBy: string | null },
): Promise<number> {
  const [row] = await deps.db
    .insert(storedFiles)
    .values({
      kind: options.kind,
      name: options.name,
      contentType: options.contentType,
      size: options.bytes.byteLength,
      bytes: Buffer.from(options.bytes),
      createdBy: options.createdBy,
      createdAt: deps.now(),
    })
    .returning({ id: storedFiles.id });
  return row!.id;
}
