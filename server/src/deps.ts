import type { Database, Db } from '@feeddesk/drizzle';

export type Logger = {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
};

/** drizzle's transaction handle, which runs every query the database runs. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query may go: the database, or a transaction that the caller holds open. */
export type DbOrTx = Db | Tx;

/**
 * What every service function receives first. Passed in, never imported, so each test file runs
 * on a database of its own, and tests fix the clock.
 * For a multi-write transaction pass drizzle's `tx` as `db`.
 */
export type Deps = {
  db: DbOrTx;
  now: () => Date;
  log: Logger;
};

/** Deps plus the raw database handle, for services that need LISTEN/NOTIFY or COPY. */
export type AppDeps = Deps & {
  database: Database;
  config: import('./config.ts').Config;
  /** Cross-process notifications (PostgreSQL LISTEN/NOTIFY). */
  bus: import('./events/bus.ts').Bus;
  /** Uploads being received at once in this process (UPLOADS_AT_ONCE). */
  uploads: import('./http/upload-slots.ts').UploadSlots;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: import('./metrics/metrics.ts').Metrics;
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
