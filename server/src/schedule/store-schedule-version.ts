import { setTimeout as delay } from 'node:timers/promises';
import { scheduleVersions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps, Tx } from '../deps.ts';
import { errorAndCauses } from '../errors.ts';
import type { GtfsFeed } from '../gtfs/index.ts';
import { isDatabaseUnreachable } from '../health/database-unreachable.ts';
import { DISK_FULL_SENTENCE, isDiskFull } from '../health/disk-full.ts';
import { SCHEDULE_CHANGED_CHANNEL, scheduleCache } from './schedule-cache.ts';
import { activateVersion, type VersionFiles } from './store/activate-version.ts';
import { copyInThread } from './store/copy-in-thread.ts';
import { deleteVersionRows } from './store/delete-version-rows.ts';
import { countDerivedDirections, derivedDirectionNotes } from './store/derived-direction-notes.ts';
import { createLockedVersion, type LoadLock } from './store/load-lock.ts';
import { pruneVersions } from './store/prune-versions.ts';
import { type EncodedChunk, encodeScheduleTables } from './store/schedule-tables.ts';
import { agencyTimezone, feedVersionOf } from './store/version-identity.ts';

export type StoreScheduleVersionDeps = Pick<AppDeps, 'db' | 'database' | 'now' | 'log'>;

/**
 * The schedule to store: a parsed feed, or (from the import worker) its time zone and a function
 * giving the encoded COPY chunks for the new version id.
 */
export type ScheduleSource =
  | { feed: GtfsFeed }
  | {
      timezone: string;
      feedVersion: string | null;
      encode: (versionId: number) => AsyncIterable<EncodedChunk>;
    };

export type StoreScheduleVersionOptions = ScheduleSource & {
  /** 'workbook' | 'zip' | 'demo' … as the caller names it. */
  sourceKind: string;
  sourceName: string;
  uploadedBy: string | null;
  jobId: string | null;
  files?: VersionFiles;
  /**
   * Started as soon as the version exists and awaited after its rows are copied: the load becomes
   * current only when it resolves (with files to note on the version). When it rejects, the
   * copying stops, the rows are deleted and its error is the load's (an upload validated while
   * the database loads).
   */
  approve?: (versionId: number) => Promise<VersionFiles>;
  onProgress?: (message: string) => void;
  /** Told the rows copied so far after each chunk (the upload's progress bar). */
  onRows?: (rowsCopied: number) => void;
  /** Writes made in the transaction that makes the version current (activateVersion's withSwitch). */
  withSwitch?: (tx: Tx, switched: { versionId: number; files: VersionFiles }) => Promise<void>;
};

export type ScheduleCounts = {
  agencies: number;
  routes: number;
  stops: number;
  trips: number;
  stopTimes: number;
  calendar: number;
  calendarDates: number;
};

export type StoreScheduleVersionResult = { versionId: number; counts: ScheduleCounts };

/**
 * Loads a (validated) feed as a new schedule version with COPY, then makes it current in one
 * transaction. Until then, and if anything fails, the previous schedule stays current: the rows
 * of a failed load are deleted and its version marked failed. Afterwards the GTFS rows of
 * versions older than the previous one are pruned.
 */
export async function storeScheduleVersion(
  deps: StoreScheduleVersionDeps,
  options: StoreScheduleVersionOptions,
): Promise<StoreScheduleVersionResult> {
  const timezone = 'feed' in options ? agencyTimezone(options.feed) : options.timezone;
  const feedVersion = 'feed' in options ? feedVersionOf(options.feed) : options.feedVersion;
  const lock = await createVersion(deps, options, { timezone, feedVersion });
  const { versionId } = lock;
  const progress = options.onProgress ?? (() => {});
  // Refused before it could become current (validation found errors): the upload's log and report
  // say why, and the versions list keeps only loads that were meant to serve.
  let refused = false;
  try {
    const abandoned = new AbortController();
    const approval = (options.approve?.(versionId) ?? Promise.resolve({})).catch((error: unknown) => {
      abandoned.abort();
      throw error;
    });
    const chunks =
      'feed' in options ? toAsync(encodeScheduleTables(options.feed, versionId)) : options.encode(versionId);
    const copying = copyEncoded(deps, versionId, chunks, progress, options.onRows, abandoned.signal);
    const approvalSettled = settled(
      approval.finally(() => deps.log.info({ versionId }, 'schedule load approved')),
    );
    const copied = await settled(
      copying.finally(() => deps.log.info({ versionId }, 'schedule load copied, indexed and vacuumed')),
    );
    // A copy the database left cannot become current, and validation's own end writes to that
    // database too (its report, its messages): it is waited for a while (it may say more of bad
    // rows), not for as long as the database is away.
    const approved =
      copied.status === 'rejected' && isDatabaseUnreachable(copied.reason)
        ? await Promise.race([approvalSettled, delay(VALIDATION_GRACE_MS).then(() => null)])
        : await approvalSettled;
    if (!approved) {
      deps.log.warn(
        { versionId },
        'schedule load ends with its copy: the database went away and validation is still running',
      );
      abandoned.abort();
      throw copied.status === 'rejected' ? copied.reason : new Error('copy failed');
    }
    // Refused by validation: that says more than a COPY that failed on the same bad rows.
    if (approved.status === 'rejected') {
      refused = true;
      throw approved.reason;
    }
    if (copied.status === 'rejected') throw copied.reason;
    const counts = copied.value;
    // Directions were derived where the schedule gave none as the trips were encoded.
    const derived = await countDerivedDirections(deps, versionId);
    for (const note of await derivedDirectionNotes(deps, versionId, derived)) progress(note);
    const files = approved.value;
    await activateVersion(
      deps,
      versionId,
      counts,
      files,
      options.withSwitch && ((tx) => options.withSwitch!(tx, { versionId, files })),
    );
    scheduleCache.invalidate();
    progress(`Schedule version ${versionId} is now current.`);
    await afterSwitch(deps, versionId);
    return { versionId, counts };
  } catch (error) {
    await failVersion(deps, versionId, error, refused);
    throw error;
  } finally {
    await lock.release().catch((err) => deps.log.warn({ err, versionId }, 'could not release a load lock'));
  }
}

/** How long a load whose copy the database left waits for its validation's end (above). */
const VALIDATION_GRACE_MS = 10_000;

/** A promise's outcome, never rejecting. */
function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

async function createVersion(
  deps: StoreScheduleVersionDeps,
  options: StoreScheduleVersionOptions,
  { timezone, feedVersion }: { timezone: string; feedVersion: string | null },
): Promise<LoadLock> {
  const insert = deps.db
    .insert(scheduleVersions)
    .values({
      status: 'loading',
      sourceKind: options.sourceKind,
      sourceName: options.sourceName,
      uploadedBy: options.uploadedBy,
      jobId: options.jobId,
      createdAt: deps.now(),
      agencyTimezone: timezone,
      feedVersion,
      ...options.files,
    })
    .returning({ id: scheduleVersions.id })
    .toSQL();
  return createLockedVersion(deps.database, insert);
}

/**
 * Loads encoded chunks (from the import worker, or encoded here): one COPY per table, its chunks
 * streamed into it as they come, from a thread of its own (copyInThread). Stops between chunks
 * once `abandoned` fires.
 */
async function copyEncoded(
  deps: StoreScheduleVersionDeps,
  versionId: number,
  chunks: AsyncIterable<EncodedChunk>,
  progress: (message: string) => void,
  onRows: ((rowsCopied: number) => void) | undefined,
  abandoned: AbortSignal,
): Promise<ScheduleCounts> {
  const counts: Record<string, number> = {};
  let copied = 0;
  const started = performance.now();
  await copyInThread(
    deps.database.raw.url,
    versionId,
    chunks,
    {
      onRows(table, rows) {
        counts[table] = (counts[table] ?? 0) + rows;
        copied += rows;
        onRows?.(copied);
      },
      onTable(table, label) {
        progress(`Loaded ${counts[table] ?? 0} ${label}.`);
        // The upload log shows these only once validation is done; the server log says when.
        deps.log.info(
          {
            versionId,
            table,
            rows: counts[table] ?? 0,
            seconds: Math.round(performance.now() - started) / 1000,
          },
          'schedule table loaded',
        );
      },
    },
    abandoned,
    async (pid) => {
      const rows = await deps.database.raw.sql`select 1 from pg_stat_activity where pid = ${pid}`;
      return rows.length > 0;
    },
  );
  return countsOf(counts);
}

function countsOf(byTable: Record<string, number>): ScheduleCounts {
  return {
    agencies: byTable.gtfs_agencies ?? 0,
    routes: byTable.gtfs_routes ?? 0,
    stops: byTable.gtfs_stops ?? 0,
    trips: byTable.gtfs_trips ?? 0,
    stopTimes: byTable.gtfs_stop_times ?? 0,
    calendar: byTable.gtfs_calendar ?? 0,
    calendarDates: byTable.gtfs_calendar_dates ?? 0,
  };
}

/** Tell the other processes, then prune; neither may fail a load that is already current. */
async function afterSwitch(deps: StoreScheduleVersionDeps, versionId: number): Promise<void> {
  try {
    await deps.database.notify(SCHEDULE_CHANGED_CHANNEL, String(versionId));
    await pruneVersions(deps);
  } catch (error) {
    deps.log.warn({ err: error, versionId }, 'schedule loaded, but notifying or pruning old versions failed');
  }
}

async function failVersion(
  deps: StoreScheduleVersionDeps,
  versionId: number,
  error: unknown,
  refused: boolean,
): Promise<void> {
  const message = failureMessage(error);
  try {
    await deps.db
      .update(scheduleVersions)
      .set({ status: 'failed', error: message })
      .where(eq(scheduleVersions.id, versionId));
    await deleteVersionRows(deps, [versionId]);
    if (refused) await deps.db.delete(scheduleVersions).where(eq(scheduleVersions.id, versionId));
  } catch (cleanupError) {
    deps.log.error({ err: cleanupError, versionId }, 'could not clean up a failed schedule load');
  }
}

/** Longest reason kept on a failed version. */
const FAILURE_MESSAGE_MAX = 2_000;

/**
 * Why a load failed, as its version keeps it: the disk-full sentence, else the first message that
 * is not a query's echo. A failed query's error (drizzle's "Failed query: … params: …") repeats
 * its parameters, the schedule's whole source file for the version's own insert: kept, the
 * cleanup's update was as big as the file and, on a full disk, failed and logged it all.
 */
function failureMessage(error: unknown): string {
  if (isDiskFull(error)) return DISK_FULL_SENTENCE;
  let message = error instanceof Error ? error.message : String(error);
  for (const e of errorAndCauses(error)) {
    if (typeof e.message !== 'string') continue;
    message = e.message;
    if (!message.startsWith('Failed query:')) break;
  }
  return message.length > FAILURE_MESSAGE_MAX ? `${message.slice(0, FAILURE_MESSAGE_MAX)}…` : message;
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}
