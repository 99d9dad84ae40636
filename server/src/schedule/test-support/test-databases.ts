import { randomBytes } from 'node:crypto';
import { type Database, openDb } from '@feeddesk/drizzle';
import type { AppDeps } from '../../deps.ts';
import { silentLogger } from '../../deps.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL (or TEST_DATABASE_URL) is set, as in CI. */
export const testDatabaseKinds: TestDatabaseKind[] = postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = { database: Database; close(): Promise<void> };

/**
 * A fresh database for one test file: PGlite in memory, or a new PostgreSQL database created
 * beside the given one (test files run in parallel) and dropped on close.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDb('memory:');
    return { database, close: () => database.close() };
  }
  const url = postgresUrl() as string;
  const admin = await openDb(url, { max: 2 });
  if (admin.raw.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const adminSql = admin.raw.sql;
  const name = `feeddesk_t_${randomBytes(6).toString('hex')}`;
  await adminSql.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDb(target.toString());
  return {
    database,
    async close() {
      await database.close();
      await adminSql.unsafe(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** Deps for schedule services with a settable clock. */
export function makeDeps(
  database: Database,
  clock: { now: Date },
): Pick<AppDeps, 'db' | 'database' | 'now' | 'log'> {
  return { db: database.db, database, now: () => clock.now, log: silentLogger };
}

function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}
