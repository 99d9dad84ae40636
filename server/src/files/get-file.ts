import { storedFiles } from '@feeddesk/drizzle';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FileKind } from './store-file.ts';

/** What is known of a stored file without reading its bytes (read-file.ts streams those). */
export type StoredFile = {
  id: number;
  name: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  createdAt: Date;
};

/** The columns of a StoredFile, for services that find files by other criteria. */
export const storedFileColumns = {
  id: storedFiles.id,
  name: storedFiles.name,
  contentType: storedFiles.contentType,
  size: storedFiles.size,
  sha256: storedFiles.sha256,
  createdAt: storedFiles.createdAt,
};

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
        .select(storedFileColumns)
        .from(storedFiles)
        .where(where)
        .orderBy(desc(storedFiles.id))
        .limit(1)
    : [];
  if (!row)
    throw new AppError('file_not_found', { message: `There is no ${what} yet. Upload a schedule first.` });
  return row;
}
