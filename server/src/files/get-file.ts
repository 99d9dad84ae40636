import { storedFiles } from '@feeddesk/drizzle';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FileKind } from './store-file.ts';

export type StoredFile = { id: number; name: string; contentType: string; bytes: Buffer; createdAt: Date };

export function getFileById(
  deps: Pick<Deps, 'db'>,
  id: number | null | undefined,
  what: string,
): Promise<StoredFile> {
  return findOne(deps, id ? eq(storedFiles.id, id) : undefined, what);
}

/** The newest file of a kind (e.g. the last validation report), or a 404 that says what is missing. */
export function getLatestFile(deps: Pick<Deps, 'db'>, kind: FileKind, what: string): Promise<StoredFile> {
  return findOne(deps, eq(storedFiles.kind, kind), what);
}

async function findOne(deps: Pick<Deps, 'db'>, where: SQL | undefined, what: string): Promise<StoredFile> {
  const [row] = where
    ? await deps.db
        .select({
          id: storedFiles.id,
          name: storedFiles.name,
          contentType: storedFiles.contentType,
          createdAt: storedFiles.createdAt,
          bytes: storedFiles.bytes,
        })
        .from(storedFiles)
        .where(where)
        .orderBy(desc(storedFiles.id))
        .limit(1)
    : [];
  if (!row)
    throw new AppError('file_not_found', { message: `There is no ${what} yet. Upload a schedule first.` });
  return row;
}
