import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, migrationsDir } from './index.ts';

type Journal = { entries: { tag: string; when: number }[] };

let journal: Journal | undefined;

/** drizzle-kit's journal of the migrations this code expects, read once per process. */
function expectedMigrations(): Journal['entries'] {
  journal ??= JSON.parse(readFileSync(join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries;
}

/**
 * The journal's migrations the database has not applied, by tag (empty = up to date). drizzle's
 * migrator records each applied migration with the journal's `when` as `created_at`, and judges
 * "applied" by it, so the same key is compared here.
 */
export async function findMissingMigrations(database: Database): Promise<string[]> {
  const expected = expectedMigrations();
  let applied: Set<number>;
  try {
    const rows = await database.raw.sql<{ created_at: string }[]>`
      select created_at from drizzle.__drizzle_migrations`;
    applied = new Set(rows.map((r) => Number(r.created_at)));
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: no migration was ever applied here.
    const code = (error as { code?: string }).code;
    if (code !== '42P01' && code !== '3F000') throw error;
    applied = new Set();
  }
  return expected.filter((m) => !applied.has(m.when)).map((m) => m.tag);
}
