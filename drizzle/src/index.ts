import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type postgres from 'postgres';
import { connectPostgres } from './postgres-target.ts';
import * as schema from './schema/index.ts';

export * from './schema/index.ts';
export { schema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The raw client, for what drizzle does not cover: LISTEN/NOTIFY and COPY. */
export type RawClient = {
  sql: postgres.Sql;
  /**
   * The database's URL, for a connection of its own (a schedule's COPYs, from a thread of their
   * own): nothing else is ever queued behind it, and what the work sets on its session (or on its
   * server process) ends with it.
   */
  url: string;
};

export type Database = {
  db: Db;
  raw: RawClient;
  /** Subscribe to a Postgres NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export type OpenDbOptions = {
  /** Pool size for postgres.js. */
  max?: number;
};

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Opens the PostgreSQL database at url (`postgres://...`, through postgres.js) and applies the migrations. */
export async function openDb(url: string, options: OpenDbOptions = {}): Promise<Database> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`Not a PostgreSQL URL: ${url}`);
  const database = openPostgres(url, options);
  await migrateDb(database);
  return database;
}

function openPostgres(url: string, options: OpenDbOptions): Database {
  const sql = connectPostgres(url, { max: options.max ?? 10, onnotice: () => {} });
  return {
    db: drizzlePostgres(sql, { schema }) as unknown as Db,
    raw: {
      sql,
      url,
    },
    async listen(channel, onPayload) {
      const sub = await sql.listen(channel, onPayload);
      return () => sub.unlisten();
    },
    async notify(channel, payload) {
      await sql.notify(channel, payload);
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** Several processes may start at once on one PostgreSQL: an advisory lock serialises the migration. */
async function migrateDb(database: Database): Promise<void> {
  const reserved = await database.raw.sql.reserve();
  try {
    await reserved`select pg_advisory_lock(727001)`;
    await migratePostgres(database.db as never, { migrationsFolder });
  } finally {
    await reserved`select pg_advisory_unlock(727001)`;
    reserved.release();
  }
}

/** The SQL migrations as text, for tools that need them (kept beside the schema). */
export function migrationsDir(): string {
  return migrationsFolder;
}
