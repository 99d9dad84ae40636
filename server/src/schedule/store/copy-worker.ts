import { parentPort, workerData } from 'node:worker_threads';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import type postgres from 'postgres';
import { yieldToServing } from '../../workers/background-priority.ts';
import { messageQueue } from '../../workers/message-queue.ts';
import { copyTable } from './copy-rows.ts';
// Types only from schedule-tables.ts: its imports (the whole gtfs package, exceljs among them) took
// this thread 1.25 s of CPU to load, beside the upload's thread reading the file on two cores.
import type { EncodedChunk } from './schedule-tables.ts';
import {
  attachPartitionStatement,
  createPartitionStatements,
  duplicateKeySentence,
  indexPartitionStatements,
  partitionOf,
  VERSION_PARTITIONED,
  type VersionPartitioned,
  versionPartitioned,
} from './version-partitions.ts';

/**
 * Thread of one schedule load's COPYs (see copy-in-thread.ts). It gets the encoded chunks as
 * transferred bytes, in table order, and streams each table into one COPY on a connection of its
 * own. Framing and writing 100+ MB to the database's socket took seconds of the main thread's CPU
 * per Renfe upload, all of it in front of the feed's polls.
 */
export type CopyRequest = { type: 'chunk'; chunk: EncodedChunk } | { type: 'end' } | { type: 'abort' };

export type CopyReply =
  /** The COPY connection's server process, which the main thread watches (copy-in-thread.ts). */
  | { type: 'backend'; pid: number }
  | { type: 'rows'; table: string; rows: number }
  | { type: 'table'; table: string; label: string }
  | { type: 'done' }
  | { type: 'failed'; message: string; code?: string; syscall?: string };

const port = parentPort!;
const { url, versionId } = workerData as { url: string; versionId: number };

const queue = messageQueue<CopyRequest>();
port.on('message', (request: CopyRequest) => queue.push(request));
const requests = queue.iterate();
// The main thread always ends with 'end' or 'abort' and the queue is never ended: a request is due.
const nextRequest = async (): Promise<CopyRequest> => (await requests.next()).value as CopyRequest;

const reply = (message: CopyReply) => port.postMessage(message);

/**
 * A load's connection: at the load's priority when the database runs here (yieldToServing), where its
 * index builds also stay in that backend. A parallel worker would be the postmaster's child, a
 * session of its own at full priority, weighed as much as the whole product beside the main
 * thread serving the feed on a small machine (five times Renfe: feed p99 / max 55–56 / 344–381 ms
 * with them, 28 / 112 ms without). maintenance_work_mem is the server's (PostgreSQL's default
 * 64 MB, halved for each of the two index builds): 256 MB built the stop times' indexes no faster
 * (five times Renfe: 10.6–12.4 s at 64 MB, 12.8–14.3 s at 256 MB; Renfe 3.7–3.8 s against
 * 4.0–4.3 s) and held ~190 MB more.
 */
async function prepareForLoad(connection: postgres.Sql): Promise<void> {
  if (await yieldToServing(connection)) await connection.unsafe('set max_parallel_maintenance_workers = 0');
}

async function copyAll(connection: postgres.Sql): Promise<void> {
  const [backend] = await connection<{ pid: number }[]>`select pg_backend_pid() as pid`;
  if (backend) reply({ type: 'backend', pid: backend.pid });
  await prepareForLoad(connection);
  // Each COPY's commit is flushed before the VACUUM below: a commit not yet flushed (a server with
  // synchronous_commit off, as throw-away test clusters run) may not have its rows' hint bits set,
  // and VACUUM then marks none of their pages all-visible. Measured on Renfe: relallvisible 0 of
  // 15 576 stop_times pages after the import, and the trip search by stop read the heap.
  await connection.unsafe('set synchronous_commit = on');
  let next = await nextRequest();
  while (next.type === 'chunk') {
    const first: EncodedChunk = next.chunk;
    async function* tableCsv(): AsyncGenerator<Uint8Array> {
      while (next.type === 'chunk' && next.chunk.table === first.table) {
        const { chunk } = next;
        yield chunk.csv;
        reply({ type: 'rows', table: chunk.table, rows: chunk.rows });
        next = await nextRequest();
      }
      if (next.type === 'abort') throw new Error('The load was abandoned.');
    }
    const parent = versionPartitioned(first.table);
    if (parent) {
      // Into the version's own table, bare; indexed once full (version-partitions.ts).
      // Made and filled in one transaction, COPY FREEZE writes its pages frozen and all-visible:
      // no VACUUM pass over them afterwards for the search by stop to read the index alone.
      await connection.begin(async (tx) => {
        for (const statement of createPartitionStatements(versionId, parent)) await tx.unsafe(statement);
        await copyTable(tx, { ...first, table: partitionOf(parent, versionId), freeze: true }, tableCsv());
      });
      await indexPartition(connection, parent);
    } else {
      await copyTable(connection, first, tableCsv());
    }
    reply({ type: 'table', table: first.table, label: first.label });
  }
  if (next.type === 'abort') throw new Error('The load was abandoned.');
  // VACUUM as well as ANALYZE: it marks the new pages all-visible (not autovacuum, which a server
  // may run without). Here, at the load's priority, while validation may still run. The
  // partitions were written all-visible by COPY FREEZE: ANALYZE only.
  await connection.unsafe('vacuum (analyze) gtfs_stops, gtfs_routes');
  for (const parent of VERSION_PARTITIONED) {
    const partition = partitionOf(parent, versionId);
    const copied = await connection`select 1 from pg_class where relname = ${partition}`;
    // A version without stop times (or trips) still gets its empty partition: every version that
    // serves has one.
    if (!copied.length) {
      const { each, after } = indexPartitionStatements(versionId, parent);
      for (const statement of [...createPartitionStatements(versionId, parent), ...each, ...after])
        await connection.unsafe(statement);
    }
    await connection.unsafe(attachPartitionStatement(versionId, parent));
  }
  // The parent's own statistics (autovacuum never gathers them for a partitioned table) are what
  // the planner weighs a query by version with, before it knows which partition it reads. ANALYZE
  // of a partitioned table analyzes each partition too: the new ones, attached above, among them.
  await connection.unsafe(`analyze ${VERSION_PARTITIONED.map((p) => p.table).join(', ')}`);
}

/**
 * Builds the partition's key and indexes side by side on two connections (the second at the
 * load's priority too), each taking every other build; a duplicate key is named as the planner
 * wrote it.
 */
async function indexPartition(connection: postgres.Sql, parent: VersionPartitioned): Promise<void> {
  const { each, after } = indexPartitionStatements(versionId, parent);
  const second = connectPostgres(url, { max: 1, onnotice: () => {} });
  try {
    await prepareForLoad(second);
    // Each build takes half the memory one would (five times Renfe's stop times, side by side:
    // 14.2–14.7 s with half of 64 MB each against 15.3–15.4 s with 64 MB each, and half the
    // memory; one after the other 21.7–22.3 s).
    await Promise.all(
      [connection, second].map(async (sql, i) => {
        await sql.unsafe(
          "select set_config('maintenance_work_mem', (setting::bigint / 2)::text, false) from pg_settings where name = 'maintenance_work_mem'",
        );
        for (let k = i; k < each.length; k += 2) await sql.unsafe(each[k]!);
      }),
    );
    // Back to the server's own for the next table's builds.
    await connection.unsafe('reset maintenance_work_mem');
    for (const statement of after) await connection.unsafe(statement);
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    const sentence = code === '23505' ? duplicateKeySentence(parent, detail) : undefined;
    if (!sentence) throw error;
    throw new Error(sentence);
  } finally {
    await second.end({ timeout: 5 });
  }
}

const connection = connectPostgres(url, { max: 1, onnotice: () => {} });
try {
  await copyAll(connection);
  reply({ type: 'done' });
} catch (error) {
  // The code too: the main thread tells a full disk (53100) from a bad row by it, and a database
  // that went away (ECONNREFUSED on connect) from both.
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  reply({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof syscall === 'string' ? { syscall } : {}),
  });
} finally {
  await connection.end({ timeout: 5 });
  port.close();
}
