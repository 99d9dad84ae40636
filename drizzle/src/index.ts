import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export * from './schema/index.ts';
export { schema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The raw client, for what drizzle does not cover: LISTEN/NOTIFY and COPY. */
export type RawClient = { kind: 'pglite'; pg: PGlite } | { kind: 'postgres'; sql: postgres.Sql };

export type Database = {
  db: Db;
  raw: RawClient;
  /** Subscribe to a Postgres NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export type OpenDbOptions = {
  /** A PGlite data directory dump (PGlite's dumpDataDir) to start from, e.g. a migrated template in tests. */
  loadDataDir?: Blob;
  /** Pool size for postgres.js. */
  max?: number;
};

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Opens the database named by url and applies the migrations:
 * `postgres://...` → PostgreSQL through postgres.js; `memory:` → PGlite in memory;
 * `file:<dir>` or a plain directory → PGlite with its data in that folder.
 */
export async function openDb(url: string, options: OpenDbOptions = {}): Promise<Database> {
  const database = /^postgres(ql)?:\/\//.test(url)
    ? openPostgres(url, options)
    : await openPglite(url, options);
  await migrateDb(database);
  return database;
}

function openPostgres(url: string, options: OpenDbOptions): Database {
  const sql = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  return {
    db: drizzlePostgres(sql, { schema }) as unknown as Db,
    raw: { kind: 'postgres', sql },
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

async function openPglite(url: string, options: OpenDbOptions): Promise<Database> {
  const dir = url === 'memory:' ? undefined : url.replace(/^file:/, '');
  if (dir) mkdirSync(dir, { recursive: true });
  const pg = new PGlite({ dataDir: dir, loadDataDir: options.loadDataDir });
  await pg.waitReady;
  return {
    db: drizzlePglite(pg, { schema }) as unknown as Db,
    raw: { kind: 'pglite', pg },
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    async notify(channel, payload) {
      await pg.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => pg.close(),
  };
}

/** Several processes may start at once on one PostgreSQL: an advisory lock serialises the migration. */
async function migrateDb(database: Database): Promise<void> {
  if (database.raw.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
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
