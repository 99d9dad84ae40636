import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The files of DATA_DIR are for the product's user only (docs/operations.md "Files and
 * permissions"): the password of the database superuser, the cluster, its log, the port, backups
 * kept there. Modes are given at creation (files 0600, folders 0700, whatever the umask) and
 * tightened at each start for what an older release or another tool left readable.
 */
export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

/** The user the embedded server runs as when it is not the product's (root runs it as `postgres`). */
export type ServerUser = { uid?: number; gid?: number };

/**
 * DATA_DIR itself: 0700; as root, 0710 with the group of the `postgres` user, the least that lets
 * the server pass through to its cluster (and no other user list or enter the folder). Then every
 * file and folder below loses what its group and others could do (links are left alone: never
 * followed). Returns how many modes were changed.
 */
export function protectDataDir(dataDir: string, server: ServerUser): number {
  const stat = lstatSync(dataDir);
  let changed = 0;
  if (server.gid !== undefined) {
    if (stat.gid !== server.gid) chownSync(dataDir, stat.uid, server.gid);
    if ((stat.mode & 0o777) !== 0o710) {
      chmodSync(dataDir, 0o710);
      changed++;
    }
  } else if ((stat.mode & 0o777) !== FOLDER_MODE) {
    chmodSync(dataDir, (stat.mode & 0o700) | FOLDER_MODE);
    changed++;
  }
  for (const name of readdirSync(dataDir)) changed += restrictTree(join(dataDir, name));
  return changed;
}

/** Takes the group's and others' rights from a file or a folder tree; files 0600 at most, folders 0700. */
export function restrictTree(path: string): number {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    // Gone meanwhile (a server's temporary file).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let changed = 0;
  if (stat.isDirectory()) {
    if (stat.mode & 0o077) {
      chmodSync(path, FOLDER_MODE);
      changed++;
    }
    for (const name of readdirSync(path)) changed += restrictTree(join(path, name));
  } else if (stat.isFile() && stat.mode & 0o077) {
    chmodSync(path, stat.mode & FILE_MODE);
    changed++;
  }
  return changed;
}

/**
 * Written by `npm run restore` before it puts anything into DATA_DIR, removed once the restore is
 * complete: while it exists the database there may be half restored, and nothing starts on it.
 */
export const RESTORE_MARKER = 'restore-unfinished.json';

export type RestoreMarker = { source: string; startedAt: string; pid: number };

/** Refuses to start on a DATA_DIR whose restore did not finish, naming the commands that finish or undo it. */
export function refuseUnfinishedRestore(dataDir: string): void {
  const marker = join(dataDir, RESTORE_MARKER);
  if (!existsSync(marker)) return;
  let source = '<the backup>';
  let startedAt = 'earlier';
  try {
    const read = JSON.parse(readFileSync(marker, 'utf8')) as Partial<RestoreMarker>;
    if (read.source) source = read.source;
    if (read.startedAt) startedAt = read.startedAt;
  } catch {
    // An unreadable marker still marks an unfinished restore.
  }
  throw new Error(
    `A restore into ${dataDir} did not finish (started ${startedAt} from ${source}; it was stopped or failed midway): ` +
      'the database there may be incomplete, so nothing starts on it. ' +
      `Finish it by running the restore again: DATA_DIR=${dataDir} npm run restore -- ${source} ` +
      `(it replaces the half-restored database); or undo it: rm -r ${join(dataDir, 'postgres')} ${marker} ` +
      '(the next start then makes a new, empty database).',
  );
}

/**
 * The server's log for one run of it, for the product's user only. A write that fails (disk full,
 * an I/O error) never ends the process: it is said once (per `said` state, shared across the
 * server's restarts) and the run's later lines are dropped.
 */
export function openServerLog(
  path: string,
  said: { logFailure: boolean },
  warn: (line: string) => void,
): { write(chunk: Buffer): void; end(): void } {
  const stream = createWriteStream(path, { flags: 'a', mode: FILE_MODE });
  let broken = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    broken = true;
    if (said.logFailure) return;
    said.logFailure = true;
    warn(
      `Cannot write the embedded PostgreSQL's log ${path} (${error.code ?? error.message}): its lines are dropped, the database keeps running`,
    );
  });
  return {
    write(chunk) {
      if (!broken) stream.write(chunk);
    },
    end() {
      stream.end();
    },
  };
}
