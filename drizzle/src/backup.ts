import { existsSync, readdirSync } from 'node:fs';
import {
  chmod,
  chown,
  copyFile,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import * as tar from 'tar';
import {
  FILE_MODE,
  FOLDER_MODE,
  protectDataDir,
  RESTORE_MARKER,
  type RestoreMarker,
  restrictTree,
} from './data-dir-files.ts';
import {
  postgresUser,
  productSettingsFiles,
  runningEmbeddedServer,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';
import { connectPostgres } from './postgres-target.ts';

/**
 * Online backup and restore of a PostgreSQL cluster on this machine (the embedded default), with
 * PostgreSQL's own low-level base backup API: pg_backup_start, a copy of the cluster folder while
 * the server runs, pg_backup_stop's backup_label, and the WAL written meanwhile, so the backup is
 * self-contained. Restored into an empty DATA_DIR, the next start replays that WAL (crash recovery
 * from backup_label) and opens the database as it was when pg_backup_stop returned.
 * The embedded package ships no pg_dump or pg_basebackup, and other majors' tools refuse server 18.
 *
 * A backup is a folder, or the same folder as a tar (.tar, .tar.gz, .tgz):
 *   postgres/            the cluster, with backup_label and the WAL from start to stop
 *   postgres.password    the superuser password the product connects with (DATA_DIR's file)
 *   feeddesk-backup.json what was backed up: label, start and stop WAL positions, version
 */

export type BackupResult = {
  target: string;
  bytes: number;
  startLsn: string;
  stopLsn: string;
  walFiles: number;
};

const CLUSTER = 'postgres';
const PASSWORD = 'postgres.password';
const MANIFEST = 'feeddesk-backup.json';

/**
 * What is not copied, from the PostgreSQL manual's "Making a Base Backup Using the Low Level API"
 * (and pg_basebackup's own list): folders whose contents the server rebuilds or that the backup's
 * WAL replaces, the running server's own lock and options, temporary files and relation caches.
 */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
]);
const skipped = (name: string) =>
  SKIPPED_FILES.has(name) ||
  name === 'pg_internal.init' ||
  name.startsWith('pgsql_tmp') ||
  // The server's Unix socket and its lock, which the embedded server keeps in the cluster folder.
  name.startsWith('.s.PGSQL.');

/** A WAL segment's name: timeline, then log and segment numbers, 8 hex digits each. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

const archiveKind = (path: string) =>
  /\.(tar\.gz|tgz)$/.test(path) ? 'gzip' : path.endsWith('.tar') ? 'tar' : undefined;

/**
 * Backs up the server at `url` (DATABASE_URL on this machine, as superuser) or, without one, the
 * embedded PostgreSQL of `dataDir`: the product's own while it runs, else one started for the backup.
 */
export async function backup(options: {
  target: string;
  dataDir: string;
  url?: string;
  log?: (line: string) => void;
}): Promise<BackupResult> {
  const log = options.log ?? (() => {});
  const target = resolve(options.target);
  if (existsSync(target) && !(archiveKind(target) === undefined && readdirSync(target).length === 0)) {
    throw new Error(`${target} already exists: name a new file (.tar.gz, .tar) or an empty or new folder.`);
  }
  let url = options.url;
  let stopServer: (() => Promise<void>) | undefined;
  if (!url) {
    const running = runningEmbeddedServer(options.dataDir);
    if (running) {
      log(`Backing up the running embedded PostgreSQL (pid ${running.pid}) of ${resolve(options.dataDir)}`);
      url = running.url;
    } else {
      if (!existsSync(join(options.dataDir, CLUSTER, 'PG_VERSION'))) {
        throw new Error(
          `${resolve(options.dataDir)} holds no embedded PostgreSQL (set DATA_DIR or DATABASE_URL).`,
        );
      }
      log(`No server runs on ${resolve(options.dataDir)}: starting its embedded PostgreSQL for the backup`);
      const server = await startEmbeddedPostgres({ dataDir: options.dataDir, log });
      url = server.url;
      stopServer = server.stop;
    }
  }
  const stage = archiveKind(target) ? `${target}.partial.d` : target;
  try {
    await rm(stage, { recursive: true, force: true });
    const result = await copyCluster(url, stage, log);
    // Every file 0600 and folder 0700 as packed or left (docs/backup.md): the copies keep the
    // cluster's modes, which a server with group access (initdb -g) makes 0640.
    restrictTree(stage);
    if (archiveKind(target)) {
      log(`Packing ${target}`);
      const partial = `${target}.partial`;
      await tar.c(
        {
          file: partial,
          cwd: stage,
          gzip: archiveKind(target) === 'gzip' ? { level: 1 } : false,
          portable: true,
          // The archive holds the superuser's password: its user's only, whatever the umask.
          mode: FILE_MODE,
        },
        readdirSync(stage),
      );
      await chmod(partial, FILE_MODE);
      await rename(partial, target);
      await rm(stage, { recursive: true, force: true });
    }
    const { size } = await lstat(target);
    return { ...result, target, bytes: archiveKind(target) ? size : await folderBytes(target) };
  } catch (error) {
    await rm(archiveKind(target) ? stage : target, { recursive: true, force: true });
    await rm(`${target}.partial`, { force: true });
    if (!databaseWentAway(error)) throw error;
    throw new Error(
      `The database went away during the backup (${(error as Error).message}); nothing was written to ${target}. ` +
        'Once it answers again (the product starts its embedded PostgreSQL again by itself), run the backup again.',
    );
  } finally {
    await stopServer?.();
  }
}

/**
 * The server died or was cut off under the backup (docs/operations.md "Faults the product
 * survives"): postgres.js's lost connections, a refused one, or SQLSTATE classes 08 (connection)
 * and 57 (an administrator or a crash ended the session).
 */
function databaseWentAway(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  return (
    /^CONNECTION_(CLOSED|ENDED|DESTROYED)$|^CONNECT_TIMEOUT$|^ECONN(REFUSED|RESET)$|^EPIPE$/.test(code) ||
    /^(08|57)/.test(code)
  );
}

async function copyCluster(url: string, stage: string, log: (line: string) => void) {
  const sql = connectPostgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'feeddesk backup' },
  });
  // pg_backup_start and pg_backup_stop must run in one session.
  const session = await sql.reserve();
  try {
    const [setting] = await session<{ dataDirectory: string; version: string; segmentBytes: string }[]>`
      select current_setting('data_directory') as "dataDirectory", current_setting('server_version_num') as version,
        (select setting from pg_settings where name = 'wal_segment_size') as "segmentBytes"`;
    const source = setting!.dataDirectory;
    // Only a feed desk's embedded cluster (DATA_DIR/postgres beside its password file) is restored
    // by `npm run restore`; a server of its own has its own tools, and its configuration elsewhere.
    if (
      !existsSync(join(source, 'PG_VERSION')) ||
      basename(source) !== CLUSTER ||
      !existsSync(join(dirname(source), PASSWORD))
    ) {
      throw new Error(
        `The server's data folder ${source} is no feed desk's embedded PostgreSQL on this machine: back up a ` +
          'PostgreSQL server of its own with its pg_dump or pg_basebackup (README, "Backup and restore").',
      );
    }
    // A temporary physical slot keeps the WAL from before pg_backup_start until it is copied: no
    // checkpoint may recycle a segment the backup needs, however long the copy takes.
    await session`select pg_create_physical_replication_slot(${`feeddesk_backup_${process.pid}`}, true, true)`;
    const label = `feed desk backup ${new Date().toISOString()}`;
    const [start] = await session<
      { lsn: string }[]
    >`select pg_backup_start(${label}, fast => true)::text as lsn`;
    log(`Backup started at WAL ${start!.lsn}: copying ${source}`);
    await mkdir(stage, { recursive: true, mode: FOLDER_MODE });
    // An empty folder named as the target keeps its mode otherwise.
    await chmod(stage, FOLDER_MODE);
    await copyTree(source, join(stage, CLUSTER), true);
    // pg_basebackup sends pg_control last: the copy nearest to the backup's end.
    await copyFile(join(source, 'global', 'pg_control'), join(stage, CLUSTER, 'global', 'pg_control'));
    const [stop] = await session<{ lsn: string; labelfile: string; spcmapfile: string | null }[]>`
      select lsn::text, labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)`;
    await writeFile(join(stage, CLUSTER, 'backup_label'), stop!.labelfile, { mode: FILE_MODE });
    if (stop!.spcmapfile)
      await writeFile(join(stage, CLUSTER, 'tablespace_map'), stop!.spcmapfile, { mode: FILE_MODE });
    const [segments] = await session<{ first: string; last: string }[]>`
      select pg_walfile_name(${start!.lsn}::pg_lsn) as first, pg_walfile_name(${stop!.lsn}::pg_lsn) as last`;
    const walFiles = await copyWal(
      source,
      join(stage, CLUSTER),
      segments!.first,
      segments!.last,
      Number(setting!.segmentBytes),
    );
    log(`Backup stopped at WAL ${stop!.lsn}: ${walFiles} WAL files copied`);
    await copyFile(join(dirname(source), PASSWORD), join(stage, PASSWORD));
    await writeFile(
      join(stage, MANIFEST),
      `${JSON.stringify({ label, startLsn: start!.lsn, stopLsn: stop!.lsn, serverVersionNum: setting!.version }, null, 2)}\n`,
      { mode: FILE_MODE },
    );
    return { startLsn: start!.lsn, stopLsn: stop!.lsn, walFiles };
  } finally {
    // Ends the session: a backup left running is aborted, the temporary slot dropped.
    session.release();
    await sql.end();
  }
}

/** Copies the cluster while the server writes: files may grow, shrink or go (a dropped table). */
async function copyTree(from: string, to: string, top = false): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (skipped(entry.name)) continue;
    if (entry.isDirectory()) {
      if (top && EMPTIED_FOLDERS.has(entry.name)) {
        await mkdir(dst, { mode: 0o700 });
        if (entry.name === 'pg_wal') await mkdir(join(dst, 'archive_status'), { mode: 0o700 });
        continue;
      }
      await copyTree(src, dst);
    } else if (entry.isFile()) {
      try {
        await copyFile(src, dst);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    } else if (entry.isSymbolicLink()) {
      throw new Error(
        `${src} is a link (a tablespace or a moved pg_wal): this backup copies one folder only.`,
      );
    }
  }
}

/** The WAL segments from the backup's start to its stop (and the timelines' history files). */
async function copyWal(
  source: string,
  cluster: string,
  first: string,
  last: string,
  segmentBytes: number,
): Promise<number> {
  const timeline = first.slice(0, 8);
  let count = 0;
  for (const name of (await readdir(join(source, 'pg_wal'))).sort()) {
    const segment = WAL_SEGMENT.test(name) && name.startsWith(timeline) && name >= first && name <= last;
    if (!segment && !name.endsWith('.history')) continue;
    await copyFile(join(source, 'pg_wal', name), join(cluster, 'pg_wal', name));
    count++;
  }
  const expected = walSegmentsBetween(first, last, segmentBytes);
  const copied = (await readdir(join(cluster, 'pg_wal'))).filter((n) => WAL_SEGMENT.test(n)).length;
  if (copied !== expected)
    throw new Error(`Copied ${copied} WAL segments of the ${expected} from ${first} to ${last}.`);
  return count;
}

/** A segment's number is log × segments per 4 GB log + segment (256 per log of 16 MB segments). */
function walSegmentsBetween(first: string, last: string, segmentBytes: number): number {
  const perLog = 0x1_0000_0000 / segmentBytes;
  const number = (name: string) =>
    Number.parseInt(name.slice(8, 16), 16) * perLog + Number.parseInt(name.slice(16), 16);
  return number(last) - number(first) + 1;
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await lstat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * What a restore never takes from a backup: the server's settings and its authentication rules
 * (an `archive_command` runs a program as the server's user, a `trust` line lets anyone in as
 * superuser), and the signals that would start it as a standby or in archive recovery. The
 * restored cluster gets the product's own, as its first start writes them.
 */
const SETTINGS_FILES = ['postgresql.conf', 'postgresql.auto.conf', 'pg_hba.conf', 'pg_ident.conf'];
const DROPPED_FILES = ['recovery.signal', 'standby.signal', 'postmaster.opts', 'postmaster.pid'];

/** Entries a backup holds: files and folders; a link could make the restore write or chmod outside DATA_DIR. */
const ARCHIVE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * Restores a backup into `dataDir`, which must hold no cluster yet (or the half of a restore that
 * did not finish): the next start of the product (or of startEmbeddedPostgres) replays the
 * backup's WAL and opens the database. A marker written before anything is put into DATA_DIR and
 * removed once all is in place makes every start refuse a half-done restore (RESTORE_MARKER).
 */
export async function restore(options: {
  source: string;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<void> {
  const log = options.log ?? (() => {});
  const source = resolve(options.source);
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, CLUSTER);
  const marker = join(dataDir, RESTORE_MARKER);
  if (!existsSync(source)) throw new Error(`${source} does not exist.`);
  const unfinished = existsSync(marker);
  if (!unfinished && existsSync(clusterDir) && readdirSync(clusterDir).length > 0) {
    throw new Error(
      `${dataDir} already holds a database (${clusterDir}): restore into an empty or new DATA_DIR, ` +
        `or stop the product and move the folder aside first (mv ${clusterDir} ${clusterDir}.old).`,
    );
  }
  // Folders above DATA_DIR made here keep the usual mode: the server's user may have to pass.
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: FOLDER_MODE });
  const owner = postgresUser();
  protectDataDir(dataDir, owner);
  if (unfinished) {
    log(`A previous restore into ${dataDir} did not finish: its half-restored ${clusterDir} is replaced`);
  }
  const started: RestoreMarker = { source, startedAt: new Date().toISOString(), pid: process.pid };
  await writeFile(marker, `${JSON.stringify(started)}\n`, { mode: FILE_MODE });
  const partial = join(dataDir, '.restore.partial');
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: FOLDER_MODE });
  // Until the first rename into DATA_DIR a failure leaves DATA_DIR as it was: the marker goes too.
  let placing = false;
  try {
    if (archiveKind(source)) {
      log(`Unpacking ${source}`);
      const refused: string[] = [];
      await tar.x({
        file: source,
        cwd: partial,
        preserveOwner: false,
        filter: (path, entry) => {
          const type = 'type' in entry ? entry.type : 'File';
          if (ARCHIVE_TYPES.has(type)) return true;
          refused.push(`${path} (${type})`);
          return false;
        },
      });
      if (refused.length > 0) throw linksRefused(source, refused);
    } else {
      await copyFolder(source, partial);
    }
    if (
      !existsSync(join(partial, CLUSTER, 'backup_label')) ||
      !existsSync(join(partial, CLUSTER, 'PG_VERSION'))
    ) {
      throw new Error(
        `${source} is no feed desk backup (no ${CLUSTER}/backup_label and ${CLUSTER}/PG_VERSION).`,
      );
    }
    await writeOwnSettings(join(partial, CLUSTER), dataDir, log);
    // PostgreSQL wants its folder for its own user only; as root the server runs as `postgres`.
    await fixModes(join(partial, CLUSTER), owner, FOLDER_MODE, FILE_MODE);
    placing = true;
    if (existsSync(join(partial, PASSWORD))) {
      await fixModes(join(partial, PASSWORD), owner, FOLDER_MODE, FILE_MODE);
      await rename(join(partial, PASSWORD), join(dataDir, PASSWORD));
    }
    await rm(clusterDir, { recursive: true, force: true });
    await rename(join(partial, CLUSTER), clusterDir);
    const manifest = existsSync(join(partial, MANIFEST))
      ? await readFile(join(partial, MANIFEST), 'utf8')
      : '{}';
    const { label } = JSON.parse(manifest) as { label?: string };
    // Last: from here the product starts on the restored database.
    await rm(marker, { force: true });
    log(`Restored ${label ?? 'the backup'} into ${clusterDir}: the next start replays its WAL and opens it.`);
  } catch (error) {
    if (!placing && !unfinished) await rm(marker, { force: true });
    throw error;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

function linksRefused(source: string, entries: string[]): Error {
  return new Error(
    `${source} holds ${entries.length} link(s) or special file(s) (${entries.slice(0, 3).join(', ')}${
      entries.length > 3 ? ', …' : ''
    }): a feed desk backup holds only files and folders, so nothing was restored.`,
  );
}

/**
 * Replaces the backup's server settings and authentication rules with the product's own: those of
 * a new cluster made here by initdb, as the product's first start makes them.
 */
async function writeOwnSettings(cluster: string, dataDir: string, log: (line: string) => void) {
  const own = await productSettingsFiles(dataDir);
  for (const name of [...SETTINGS_FILES, ...DROPPED_FILES]) await rm(join(cluster, name), { force: true });
  for (const [name, text] of Object.entries(own))
    await writeFile(join(cluster, name), text, { mode: FILE_MODE });
  log(`Server settings and authentication rules are the product's own (${SETTINGS_FILES.join(', ')})`);
}

async function copyFolder(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(dst, { recursive: true, mode: FOLDER_MODE });
      await copyFolder(src, dst);
    } else if (entry.isFile()) await copyFile(src, dst);
    else throw linksRefused(from, [src]);
  }
}

async function fixModes(
  path: string,
  owner: { uid?: number; gid?: number },
  folderMode: number,
  fileMode: number,
): Promise<void> {
  const stat = await lstat(path);
  if (owner.uid !== undefined && owner.gid !== undefined) await chown(path, owner.uid, owner.gid);
  if (!stat.isDirectory()) return chmod(path, fileMode);
  await chmod(path, folderMode);
  for (const name of await readdir(path)) await fixModes(join(path, name), owner, folderMode, fileMode);
}
