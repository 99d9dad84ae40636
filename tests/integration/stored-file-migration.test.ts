import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsDir, openDb } from '@feeddesk/drizzle';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { getFileById } from '@feeddesk/server/files/get-file';
import { readStoredFileBytes } from '@feeddesk/server/files/read-file';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { testServer, withDatabase } from '../support/databases.ts';

/**
 * Migrations 0011-0012 move the bytes of stored_files into stored_file_chunks: files stored by the
 * code before them (one bytea per file) must come back byte for byte, with the size and SHA-256
 * (the downloads' ETag) of their bytes.
 */

const LAST_BEFORE_CHUNKS = '0010_stop-times-by-stop-with-trip';

type Journal = { entries: { tag: string }[] };

/** The migrations folder as it was before the chunks: the journal cut after LAST_BEFORE_CHUNKS. */
function migrationsBeforeChunks(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-migrations-'));
  cpSync(migrationsDir(), dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === LAST_BEFORE_CHUNKS);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(path, JSON.stringify(journal));
  return dir;
}

const admin = connectPostgres(testServer().url, { max: 1, onnotice: () => {} });
const name = `fd_migrate_${randomBytes(6).toString('hex')}`;
const folders: string[] = [];

afterAll(async () => {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('stored files across the move to chunks', () => {
  it('keeps every file stored before it, byte for byte, with its size and hash', async () => {
    await admin.unsafe(`create database ${name}`);
    const url = withDatabase(testServer().url, name);
    const old = connectPostgres(url, { max: 1, onnotice: () => {} });
    const before = migrationsBeforeChunks();
    folders.push(before);
    await migrate(drizzle(old), { migrationsFolder: before });
    // Empty, small, exactly one chunk, one byte more, several chunks of random bytes, and a
    // compressible report (PostgreSQL kept that one compressed).
    const files = [
      Buffer.alloc(0),
      randomBytes(1000),
      randomBytes(128 * 1024),
      randomBytes(128 * 1024 + 1),
      randomBytes(3 * 1024 * 1024 + 7),
      Buffer.from('<tr><td>stop_times.txt</td><td>ok</td></tr>\n'.repeat(40_000)),
    ];
    const ids: number[] = [];
    for (const [i, bytes] of files.entries()) {
      const [row] = await old<{ id: string }[]>`
        insert into stored_files (kind, name, content_type, size, bytes, created_by)
        values ('report_html', ${`file-${i}`}, 'text/html', ${bytes.length}, ${bytes}, 'planner')
        returning id`;
      ids.push(Number(row!.id));
    }
    await old.end();

    const database = await openDb(url);
    try {
      const deps = { db: database.db };
      for (const [i, bytes] of files.entries()) {
        const file = await getFileById(deps, ids[i], `file ${i}`);
        expect(file.name).toBe(`file-${i}`);
        expect(file.size).toBe(bytes.length);
        expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
        expect(Buffer.compare(await readStoredFileBytes(deps, file), bytes), `file ${i}`).toBe(0);
      }
      const [{ columns }] = await database.raw.sql<{ columns: string[] }[]>`
        select array_agg(column_name::text) as columns from information_schema.columns
        where table_name = 'stored_files'`;
      expect(columns).not.toContain('bytes');
    } finally {
      await database.close();
    }
  });
});
