import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { printedUrl, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * docs/backup.md and docs/security.md "Files": every file of DATA_DIR and of a backup is for the
 * product's user only whatever the umask; a restore takes no server settings or authentication
 * rules from the archive (a crafted one with an archive_command and a trust line has no effect) and
 * no link; a restore killed midway refuses every start with a sentence until it is finished; the
 * server's log failing (ENOSPC) ends nothing. Real processes: the product as `npm start` runs it,
 * backup and restore as their commands run.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const root = process.getuid?.() === 0;
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-files-'));
  chmodSync(dir, 0o755); // as root the server runs as `postgres`, which must reach DATA_DIR
  dirs.push(dir);
  return dir;
}
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs under `umask 000`: what the product and its commands make must not depend on the umask. */
const UMASK_000 = ['sh', '-c', 'umask 000; exec "$@"', 'sh'];

/** `npm run backup|restore` as its script runs it (no npm in between, so a kill reaches it), under umask 000. */
function runTask(
  task: 'backup' | 'restore',
  path: string,
  dataDir: string,
  onLine: (line: string, child: ChildProcess) => void = () => {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const env = { ...process.env, DATA_DIR: dataDir } as Record<string, string>;
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const [command, ...args] = [
    ...UMASK_000,
    process.execPath,
    '--import',
    'tsx',
    'drizzle/src/backup-command.ts',
    task,
    path,
  ];
  const child = spawn(command!, args, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk;
    for (const line of chunk.toString().split('\n')) if (line) onLine(line, child);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal, output })));
}

/** Every entry below `path` (links not followed) that its group or others may read, write or enter. */
function openToOthers(path: string): string[] {
  const found: string[] = [];
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return found;
  if (stat.mode & 0o077) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
  if (stat.isDirectory()) for (const name of readdirSync(path)) found.push(...openToOthers(join(path, name)));
  return found;
}

/** DATA_DIR's own mode: 0700; as root 0710, its group `postgres` only passes through to the cluster. */
function expectDataDirMode(dataDir: string) {
  expect((statSync(dataDir).mode & 0o777).toString(8)).toBe(root ? '710' : '700');
  const below = readdirSync(dataDir).flatMap((name) => openToOthers(join(dataDir, name)));
  expect(below).toEqual([]);
}

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const sql = connectPostgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    return [...(await sql.unsafe<T[]>(text))];
  } finally {
    await sql.end();
  }
}

describe('the files of DATA_DIR and of backups, and restores', () => {
  const original = join(tempDir(), 'data');
  const backups = tempDir();
  const folderBackup = join(backups, 'desk');
  const archive = join(backups, 'desk.tar.gz');

  it('makes every file 0600 and folder 0700 under umask 000, in DATA_DIR and in backups, and tightens what was left open', async () => {
    // What an older release left: DATA_DIR open to all, a world-readable log and backup inside.
    mkdirSync(original, { mode: 0o777 });
    chmodSync(original, 0o777);
    writeFileSync(join(original, 'postgres.log'), 'an older log\n', { mode: 0o644 });
    chmodSync(join(original, 'postgres.log'), 0o644);
    mkdirSync(join(original, 'old-backups'), { mode: 0o755 });
    writeFileSync(join(original, 'old-backups', 'desk.tar.gz'), 'an older backup', { mode: 0o644 });
    chmodSync(join(original, 'old-backups', 'desk.tar.gz'), 0o666);
    const server = await startServerProcess({ dataDir: original, prefix: UMASK_000 });
    servers.push(server);
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const made = await admin.postForm('/auth/add_user', {
      username: 'kept-by-backup',
      password: 'a-long-password-1',
      roles: ['view'],
    });
    expect(made.status).toBe(200);
    expectDataDirMode(original);
    expect(existsSync(join(original, 'postgres.port'))).toBe(true);

    const packed = await runTask('backup', archive, original);
    expect(packed.code, packed.output).toBe(0);
    expect((statSync(archive).mode & 0o777).toString(8)).toBe('600');
    // Each entry's mode as tar lists it (`-rw-------`, `drwx------`): nothing for group or others.
    const listing = execFileSync('tar', ['-tvzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.length).toBeGreaterThan(100);
    const entries = listing.filter((line) => line.slice(4, 10) !== '------');
    expect(entries).toEqual([]);
    // A folder backup, into an empty folder that was open to all.
    mkdirSync(folderBackup, { mode: 0o777 });
    chmodSync(folderBackup, 0o777);
    const copied = await runTask('backup', folderBackup, original);
    expect(copied.code, copied.output).toBe(0);
    expect(openToOthers(folderBackup)).toEqual([]);
    expect(readFileSync(join(folderBackup, 'postgres.password'), 'utf8')).toBe(
      readFileSync(join(original, 'postgres.password'), 'utf8'),
    );
    expectDataDirMode(original);
    await server.kill();
  }, 240_000);

  it('takes no server setting nor authentication rule from a crafted archive: no archive_command runs, no trust login', async () => {
    const scratch = tempDir();
    const pwned = join(scratch, 'pwned');
    const crafted = join(scratch, 'crafted');
    cpSync(folderBackup, crafted, { recursive: true });
    const cluster = join(crafted, 'postgres');
    const command = `archive_command = 'touch ${pwned}'\narchive_mode = on\n`;
    writeFileSync(join(cluster, 'postgresql.auto.conf'), `${command}`, { flag: 'a' });
    writeFileSync(join(cluster, 'postgresql.conf'), `${command}listen_addresses = '*'\n`, { flag: 'a' });
    const hba = readFileSync(join(cluster, 'pg_hba.conf'), 'utf8');
    writeFileSync(
      join(cluster, 'pg_hba.conf'),
      `host all all 127.0.0.1/32 trust\nlocal all all trust\n${hba}`,
    );
    writeFileSync(join(cluster, 'pg_ident.conf'), 'intruders root postgres\n', { flag: 'a' });
    const craftedArchive = join(scratch, 'crafted.tar.gz');
    execFileSync('tar', ['-czf', craftedArchive, '-C', crafted, ...readdirSync(crafted)]);

    const dataDir = join(tempDir(), 'data');
    const restored = await runTask('restore', craftedArchive, dataDir);
    expect(restored.code, restored.output).toBe(0);
    expectDataDirMode(dataDir);
    // The product's own files, as its first start wrote them in the original DATA_DIR.
    for (const name of ['postgresql.conf', 'postgresql.auto.conf', 'pg_hba.conf', 'pg_ident.conf'])
      expect(readFileSync(join(dataDir, 'postgres', name), 'utf8'), name).toBe(
        readFileSync(join(original, 'postgres', name), 'utf8'),
      );

    const server = await startServerProcess({ dataDir, prefix: UMASK_000 });
    servers.push(server);
    const url = printedUrl(server);
    // The restored data is there.
    const users = await query<{ username: string }>(url, 'select username from users');
    expect(users.map((u) => u.username)).toContain('kept-by-backup');
    const [settings] = await query<{ mode: string; listen: string }>(
      url,
      `select current_setting('archive_mode') as mode, current_setting('listen_addresses') as listen`,
    );
    expect(settings).toEqual({ mode: 'off', listen: '127.0.0.1' });
    // No configuration file sets them at all.
    const fromFiles = await query<{ name: string }>(
      url,
      `select name from pg_file_settings where name in ('archive_command', 'archive_mode', 'archive_library', 'listen_addresses')`,
    );
    expect(fromFiles).toEqual([]);
    // A finished WAL segment is what an archive_command would be run for.
    await query(
      url,
      'create table wal_filler as select generate_series(1, 50000) as n; select pg_switch_wal()',
    );
    await new Promise((r) => setTimeout(r, 1_500));
    expect(existsSync(pwned)).toBe(false);
    // Without the password nobody gets in, over TCP as superuser.
    const passwordless = url.replace(/\/\/postgres:[^@]+@/, '//postgres@');
    await expect(query(passwordless, 'select 1')).rejects.toThrow(/password/);
    expectDataDirMode(dataDir);
    await server.kill();
  }, 240_000);

  it('refuses an archive holding a link (nothing restored, the link target untouched)', async () => {
    const scratch = tempDir();
    const target = join(scratch, 'not-yours.txt');
    writeFileSync(target, 'a file outside DATA_DIR', { mode: 0o644 });
    chmodSync(target, 0o644);
    const crafted = join(scratch, 'crafted');
    cpSync(folderBackup, crafted, { recursive: true });
    symlinkSync(target, join(crafted, 'postgres', 'global', 'evil'));
    symlinkSync(target, join(crafted, 'postgres.password.link'));
    const craftedArchive = join(scratch, 'linked.tar');
    execFileSync('tar', ['-cf', craftedArchive, '-C', crafted, ...readdirSync(crafted)]);

    const dataDir = join(tempDir(), 'data');
    const refused = await runTask('restore', craftedArchive, dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /holds 2 link\(s\) or special file\(s\) .*: a feed desk backup holds only files and folders, so nothing was restored/,
    );
    const after = lstatSync(target);
    expect([(after.mode & 0o777).toString(8), after.uid]).toEqual(['644', process.getuid?.()]);
    // Nothing was put into DATA_DIR, no marker left: a good restore goes ahead.
    expect(readdirSync(dataDir)).toEqual([]);
    const good = await runTask('restore', archive, dataDir);
    expect(good.code, good.output).toBe(0);
  }, 120_000);

  it('refuses to start on a restore killed midway, with a sentence; the restore run again completes and starts', async () => {
    const dataDir = join(tempDir(), 'data');
    // Killed once the archive is being unpacked: the marker is written, the database half there.
    const killed = await runTask('restore', archive, dataDir, (line, child) => {
      if (line.startsWith('Unpacking')) child.kill('SIGKILL');
    });
    expect(killed.signal).toBe('SIGKILL');
    // The worst moment of the old restore: the password moved in, the cluster not yet.
    writeFileSync(join(dataDir, 'postgres.password'), 'half\n', { mode: 0o600 });
    const refused = await startServerProcess({ dataDir }).then(
      (s) => {
        servers.push(s);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refused).toMatch(
      new RegExp(
        `A restore into ${dataDir} did not finish \\(started .* from ${archive}; it was stopped or failed midway\\): the database there may be incomplete, so nothing starts on it\\. Finish it by running the restore again: DATA_DIR=${dataDir} npm run restore -- ${archive}`,
      ),
    );
    // No new, empty database was made in its place.
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(false);

    const finished = await runTask('restore', archive, dataDir);
    expect(finished.code, finished.output).toBe(0);
    expect(finished.output).toMatch(/A previous restore into .* did not finish/);
    expect(existsSync(join(dataDir, 'restore-unfinished.json'))).toBe(false);
    const server = await startServerProcess({ dataDir });
    servers.push(server);
    const users = await query<{ username: string }>(printedUrl(server), 'select username from users');
    expect(users.map((u) => u.username)).toContain('kept-by-backup');
    await server.kill();
  }, 240_000);

  it('keeps running when the server log cannot be written (ENOSPC), and says so once', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    // Every write to /dev/full fails with ENOSPC, as on a full disk.
    symlinkSync('/dev/full', join(dataDir, 'postgres.log'));
    const devFull = statSync('/dev/full').mode;
    const server = await startServerProcess({ dataDir });
    servers.push(server);
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    // More server lines (connections, checkpoints) meet the broken log meanwhile.
    await query(printedUrl(server), 'checkpoint');
    await new Promise((r) => setTimeout(r, 500));
    expect((await admin.get('/auth/list_users')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output().match(/Cannot write the embedded PostgreSQL's log .*ENOSPC/g)).toHaveLength(1);
    // The link was not followed to tighten /dev/full.
    expect(statSync('/dev/full').mode).toBe(devFull);
    await server.kill();
  }, 120_000);
});
