import type { InferSelectModel } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './types.ts';

export const jobs = pgTable('jobs', {
  id: text('id').primaryKey(),
  /** schedule_upload | summary */
  kind: text('kind').notNull(),
  /** working | done | error */
  status: text('status').notNull(),
  result: jsonb('result'),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Refreshed while the job runs, so a restart can tell a dead job from a live one elsewhere. */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
export type JobRow = InferSelectModel<typeof jobs>;

/** Append-only message log of a job; a client that joins late replays it from the start. */
export const jobMessages = pgTable(
  'job_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
  },
  (t) => [index('job_messages_job_idx').on(t.jobId, t.id)],
);
export type JobMessageRow = InferSelectModel<typeof jobMessages>;

/** Files every process must see: workbooks, zips, reports, summaries. Never on local disk. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** schedule_workbook | schedule_zip | report_html | report_json | summary */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes, made when stored: the downloads' ETag, known without reading them. */
    sha256: text('sha256').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_kind_idx').on(t.kind, t.createdAt)],
);
export type StoredFileRow = InferSelectModel<typeof storedFiles>;

/**
 * A stored file's bytes in pieces of a fixed size (the last one shorter), numbered from 0: a
 * download reads one piece per query as its client takes them, never the whole file at once.
 */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
