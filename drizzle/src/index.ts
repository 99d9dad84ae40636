import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type postgres from 'postgres';
import { watchDatabase } from './database-watch.ts';
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
  /**
   * Subscribe to a Postgres NOTIFY channel; returns the unsubscribe function. `onListen` is called
   * each time the channel is listened to: once now, and again whenever the listening connection
   * was lost and is back (postgres.js listens again by itself), when notifications may have been missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * False while the database does not answer a probe (database-watch.ts; always true without
   * `watch`): then nothing should wait on it, e.g. a poll for a fresh stamp.
   */
  responsive(): boolean;
  close(): Promise<void>;
};

export type OpenDbOptions = {
  /** Pool size for postgres.js. */
  max?: number;
  /**
   * Probe the server every second and cut the pool's connections left waiting on a server that
   * stopped answering (database-watch.ts): the product's processes, where a request must never
   * wait on a hung database.
   */
  watch?: boolean;
};

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Opens the PostgreSQL database at url (`postgres://...`, through postgres.js) and applies the migrations. */
export async function openDb(url: string, options: OpenDbOptions = {}): Promise<Database> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`Not a PostgreSQL URL: ${url}`);
  const database = openPostgres(url, options);
  await migrateDb(database);
  return database;
}

/**
 * Seconds before a connection's next attempt after `retries` failed ones. postgres.js's own grows
 * to 20 s, so after an outage of a few seconds every query waited up to 20 s more once the
 * database was back; capped at 1 s, a restarted database is used within a second (an attempt
 * against a database that is down is one refused connect, cheap).
 */
export function reconnectDelay(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2);
}

/** A database handle on `url` without migrating (the caller's process opened it with openDb). */
export function connectDb(url: string, options: OpenDbOptions = {}): Database {
  return openPostgres(url, options);
}

/**
 * A connection that cannot be made within this fails (postgres.js's default is 30 s): a request
 * waits for its connection at most that long (a server whose postmaster hangs while its backends
 * answer: the watch's probe, on a connection made before, sees nothing wrong). A local connection
 * is made in milliseconds.
 */
const CONNECT_TIMEOUT_SECONDS = 4;

function openPostgres(url: string, options: OpenDbOptions): Database {
  const watch = options.watch ? watchDatabase(url) : undefined;
  const sql = connectPostgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    backoff: reconnectDelay,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    // postgres.js takes a `socket` function; its types do not name it.
    ...((watch ? { socket: watch.socket } : {}) as object),
  });
  return {
    db: drizzlePostgres(sql, { schema }) as unknown as Db,
    raw: {
      sql,
      url,
    },
    async listen(channel, onPayload, onListen) {
      const sub = await sql.listen(channel, onPayload, onListen);
      return () => sub.unlisten();
    },
    async notify(channel, payload) {
      await sql.notify(channel, payload);
    },
    responsive: () => watch?.responsive() ?? true,
    async close() {
      await watch?.stop();
      await sql.end({ timeout: 5 });
    },
  };
}

/** Several processes may start at once on one PostgreSQL: an advisory lock serialises the migration. */
async function migrateDb(database: Database): Promise<void> {
  const reserved = await database.raw.sql.reserve();
  try {
    await reserved`select pg_advisory_lock(727001)`;
    // A drizzle handle of postgres.js's own type over the same client: the migrator takes no other.
    await migratePostgres(drizzlePostgres(database.raw.sql), { migrationsFolder });
  } finally {
    await reserved`select pg_advisory_unlock(727001)`;
    reserved.release();
  }
}

/** The SQL migrations as text, for tools that need them (kept beside the schema). */
export function migrationsDir(): string {
  return migrationsFolder;
}
