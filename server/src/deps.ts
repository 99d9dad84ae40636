import type { Database, Db } from '@feeddesk/drizzle';
import type { Counter, Histogram, Registry } from 'prom-client';
import type { Config } from './config.ts';
import type { AppError, ErrorCode } from './errors.ts';
import type { Bus } from './events/bus.ts';

/*
 * The bottom of server/src: what every service receives, named here or in leaf modules (config.ts,
 * events/bus.ts import nothing of server/src), never in the http/ or metrics/ code above that
 * implements them (create-deps.ts puts them together).
 */

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
  config: Config;
  /** Cross-process notifications (PostgreSQL LISTEN/NOTIFY). */
  bus: Bus;
  /** Uploads being received at once in this process (UPLOADS_AT_ONCE; http/upload-slots.ts). */
  uploads: UploadSlots;
  /** What each principal holds of its quotas in this process (quotas/quotas.ts; docs/rest-api.md "Quotas of a principal"). */
  quotas: Quotas;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** The disk under the database's files (health/disk-full.ts). */
  disk: DiskSpace;
};

/**
 * The disk under the database's files: its free bytes (statfs of DATA_DIR, where the embedded
 * PostgreSQL keeps its cluster) and whether it is full, from what was measured and what the
 * database said (health/disk-full.ts; docs/operations.md "Faults the product survives").
 */
export type DiskSpace = {
  /** Free bytes for an unprivileged user in DATA_DIR; undefined when it cannot be measured. */
  freeBytes(): number | undefined;
  /** Something said the disk is full. */
  noteFull(): void;
  full(): boolean;
};

/**
 * Everything one principal (a signed-in user, all its sessions, or an API token) can multiply,
 * by the name `feeddesk_quota_refusals_total{quota}` gives it (docs/rest-api.md "Quotas of a principal").
 */
export type QuotaName =
  | 'subscriptions_per_socket'
  | 'subscriptions_per_principal'
  | 'websockets_per_principal'
  | 'vehicle_positions'
  | 'vehicle_positions_per_principal'
  | 'entities_per_request'
  | 'alert_text_chars'
  | 'alert_translations'
  | 'alert_informed_entities'
  | 'previews_per_principal'
  | 'uploads_per_principal'
  | 'summaries_per_principal'
  | 'pending_items_per_principal'
  | 'formation_carriages'
  | 'formations_per_principal'
  | 'webhooks_per_admin';

/** The quotas counted in a process's memory (the others are counted in the database or a request). */
export type HeldQuota = Extract<
  QuotaName,
  | 'subscriptions_per_principal'
  | 'websockets_per_principal'
  | 'previews_per_principal'
  | 'uploads_per_principal'
  | 'summaries_per_principal'
>;

/** The quotas of one process, made by quotas/quotas.ts (ProcessQuotas). */
export type Quotas = {
  /** The refusal of an act over `quota`, counted in /metrics; `message` names the limit and says what to do. */
  refusal(quota: QuotaName, code: ErrorCode, message: string): AppError;
  /** How much of `quota` the principal holds now. */
  holding(quota: HeldQuota, principal: string): number;
  /**
   * One unit of `quota` for `principal` while it holds fewer than `max`, else throws `refuse()`.
   * The returned function gives the unit back, once however often called.
   */
  take(quota: HeldQuota, principal: string, max: number, refuse: () => AppError): () => void;
};

/** Takes a slot for an upload or throws `too_many_uploads`; the returned function frees it (once). */
export type UploadSlots = { take(): () => void };

/** This process's Prometheus metrics, made by metrics/metrics.ts (createMetrics). */
export type Metrics = {
  /** This process's registry: with several processes each exposes its own /metrics. */
  registry: Registry;
  /** Requests by route pattern (never the raw URL), method and status class; `_count` counts them. */
  httpRequests: Histogram<'route' | 'method' | 'status_class'>;
  jobDuration: Histogram<'kind' | 'status'>;
  /** The main thread's event-loop delay, one sample every 10 ms (http/event-loop-delay.ts). */
  eventLoopDelay: Histogram;
  /**
   * The live feed or the schedule changed: the next scrape reads the shared figures (the
   * consistency check among them) again, so /metrics shows the feed as it is after the change,
   * not a read cached from before it.
   */
  figuresChanged(): void;
  /** Times the phases of a schedule upload in this process: the last upload's figures replace the previous ones. */
  timeScheduleLoad(): ScheduleLoadTimer;
  /**
   * Reports when this process last confirmed each feed's content current (feed-cache.ts), as
   * `feeddesk_feed_confirmed_age_seconds`; returns the function that stops the report.
   */
  reportFeedConfirmation(source: FeedConfirmationSource): () => void;
  /** Acts refused by a quota of a principal (docs/rest-api.md "Quotas of a principal"), by quota. */
  quotaRefusals: Counter<'quota'>;
  /** Webhook deliveries sent by this process, by outcome (server/src/webhooks/send-due-deliveries.ts). */
  webhookAttempts: Counter<'outcome'>;
  /**
   * Riders' mails (docs/rest-api.md "E-mail subscriptions") by kind (`confirm`, `alert`) and what
   * became of them: `sent`, `retried` (an attempt failed), `given_up`, `skipped` (over an address's hour).
   */
  mails: Counter<'kind' | 'result'>;
  /**
   * Reports what the principals of this process hold of each quota counted in memory (open
   * subscriptions, websockets, previews…), as `feeddesk_quota_in_use{quota}`.
   */
  reportQuotaUse(source: QuotaUseSource): () => void;
};

/** Each quota counted in memory, and how much of it all principals of this process hold now. */
export type QuotaUseSource = () => { quota: string; inUse: number }[];

/** Each feed by its URL name, and the seconds since its content was last confirmed. */
export type FeedConfirmationSource = () => { feed: string; ageSeconds: number }[];

/** An upload's phases end to end: reading; validating (while the rows load); the rest of the load until current. */
export type ScheduleLoadPhase = 'read' | 'validate' | 'load';
export type ScheduleLoadTimer = { phaseDone(phase: ScheduleLoadPhase): void };

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
