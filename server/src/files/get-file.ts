import { storedFiles } from '@feeddesk/drizzle';
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FileKind } from './store-file.ts';

export type StoredFile = { id: number; name: string; contentType: string; bytes: Buffer; createdAt: Date };

export async function getFileById(
  deps: Pick<Deps, 'db'>,
  id: number | null | undefined,
  what: string,
): Promise<StoredFile> {
  const [row] = id ? await deps.db.select().from(storedFiles).where(eq(storedFiles.id, id)) : [];
  if (!row)
    throw new AppError('file_not_found', { message: `There is no ${what} yet. Upload a schedule first.` });
  return row;
}

/** The newest file of a kind (e.g. the last validation report), or a 404 that says what is missing. */
export async function getLatestFile(
  deps: Pick<Deps, 'db'>,
  kind: FileKind,
  what: string,
): Promise<StoredFile> {
  const [row] = await deps.db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.kind, kind))
    .orderBy(desc(storedFiles.id))
    .limit(1);
  if (!row)
    throw new AppError('file_not_found', { message: `There is no ${what} yet. Upload a schedule first.` });
  return row;
}
