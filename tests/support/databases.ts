import { randomBytes } from 'node:crypto';
import { type Database, openDb } from '@feeddesk/drizzle';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';

export type TestDatabase = {
  database: Database;
  /** The connection URL, for a second process on the same database. */
  url: string;
  drop(): Promise<void>;
};

/** A PostgreSQL server given by CI (or a developer) with DATABASE_URL or TEST_DATABASE_URL. */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * The server and migrated template database the global setup made for this run: the embedded
 * PostgreSQL it started, or the one at DATABASE_URL.
 */
export function testServer(): { url: string; template: string } {
  const url = process.env.FEEDDESK_TEST_SERVER_URL;
  const template = process.env.FEEDDESK_TEST_TEMPLATE;
  if (!url || !template)
    throw new Error('No test database server: run the tests with vitest (its global setup).');
  return { url, template };
}

/** A fresh database for one test file: a copy of the migrated template (cheap), dropped afterwards. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const server = testServer();
  const name = `fd_test_${randomBytes(6).toString('hex')}`;
  const admin = connectPostgres(server.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${server.template}`);
  const url = withDatabase(server.url, name);
  const database = await openDb(url, { max: 5 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
