import { existsSync, statfsSync } from 'node:fs';
import type { DiskSpace } from '../deps.ts';
import { AppError, errorAndCauses } from '../errors.ts';
import { isDatabaseUnreachable } from './database-unreachable.ts';

export const DISK_FULL_SENTENCE = 'The disk of the database is full; nothing was saved.';

/** Below this the embedded PostgreSQL cannot write a page or a log record: the disk is full. */
const NEARLY_NONE_BYTES = 1024 * 1024;
/**
 * Once the disk was found full, it counts as full until this much is free again: one segment of
 * PostgreSQL's write-ahead log (16 MB) and its growth, so a freed megabyte does not flap it back.
 */
const ENOUGH_BYTES = 64 * 1024 * 1024;
/** Without a folder to measure (a database elsewhere): how long a disk-full error counts. */
const NOTED_FOR_MS = 30_000;

/**
 * Watches DATA_DIR's disk (the DiskSpace of deps.ts): full, saves get 503 `disk_full`, /readyz
 * says so and the feeds keep their stamps; it ends by itself once space is freed.
 * `measured`: DATA_DIR holds the database (the embedded PostgreSQL), so its free space decides;
 * else only the database's errors do, for NOTED_FOR_MS each.
 */
export function watchDiskSpace(dataDir: string, measured: boolean, now = () => Date.now()): DiskSpace {
  let notedAt: number | undefined;
  const freeBytes = () => {
    try {
      if (!existsSync(dataDir)) return undefined;
      const { bavail, bsize } = statfsSync(dataDir);
      return bavail * bsize;
    } catch {
      return undefined;
    }
  };
  return {
    freeBytes,
    noteFull() {
      notedAt = now();
    },
    full() {
      const free = measured ? freeBytes() : undefined;
      if (free !== undefined && free < NEARLY_NONE_BYTES) return true;
      if (notedAt === undefined) return false;
      if (free !== undefined) {
        if (free < ENOUGH_BYTES) return true;
        notedAt = undefined;
        return false;
      }
      if (now() - notedAt < NOTED_FOR_MS) return true;
      notedAt = undefined;
      return false;
    },
  };
}

/** PostgreSQL's disk_full (53100, e.g. "could not extend file"), or the system's ENOSPC/EDQUOT. */
export function isDiskFull(error: unknown): boolean {
  for (const e of errorAndCauses(error)) {
    if (e.code === '53100' || e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
    // A message passed on without its code (from a thread): PostgreSQL's, in C locale.
    if (typeof e.message === 'string' && e.message.includes('No space left on device')) return true;
  }
  return false;
}

/**
 * A request that failed for want of disk, as a 503 with a sentence: the error says so, or the
 * database went away while the disk is full (a PANIC of the embedded server). Undefined otherwise.
 */
export function diskFullError(error: unknown, disk: DiskSpace | undefined): AppError | undefined {
  if (isDiskFull(error)) disk?.noteFull();
  else if (!(isDatabaseUnreachable(error) && disk?.full())) return undefined;
  return new AppError('disk_full', { message: DISK_FULL_SENTENCE, cause: error });
}
