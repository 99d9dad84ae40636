import { randomBytes } from 'node:crypto';
import { type Database, openDb } from '@feeddesk/drizzle';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import type { AppDeps } from '../../deps.ts';
import { silentLogger } from '../../deps.ts';

export type TestDatabase = { database: Database; close(): Promise<void> };

/**
 * A fresh database for one test file: a copy of the migrated template that the vitest global
 * setup made on this run's PostgreSQL (embedded, or DATABASE_URL's), dropped on close.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.FEEDDESK_TEST_SERVER_URL;
  const template = process.env.FEEDDESK_TEST_TEMPLATE;
  if (!url || !template)
    throw new Error('No test database server: run the tests with vitest (its global setup).');
  const admin = connectPostgres(url, { max: 1, onnotice: () => {} });
  const name = `feeddesk_t_${randomBytes(6).toString('hex')}`;
  await admin.unsafe(`create database ${name} template ${template}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDb(target.toString());
  return {
    database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
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
