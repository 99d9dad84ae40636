import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { GtfsFeed } from '../../gtfs/index.ts';
import { LOAD_NICE } from '../store/copy-rows.ts';
import { type EncodedChunk, encodeScheduleTables } from '../store/schedule-tables.ts';
import { agencyTimezone, feedVersionOf } from '../store-schedule-version.ts';
import { type PreparedSchedule, type PrepareScheduleOptions, prepareSchedule } from './prepare-schedule.ts';

/**
 * Worker thread of one upload. It reads the file and says so ('read'); the main thread answers
 * with the new version's id ('encode') or 'skip'. The worker then encodes every COPY chunk at once
 * and posts it as transferred bytes (millions of small strings never cross threads), and
 * validates while the main thread copies: the database loads during validation. Last comes the
 * result of validation ('prepared'), without the feed.
 */
export type WorkerReply =
  | {
      type: 'read';
      /** The agency's time zone, null when the file cannot be loaded (see timezoneError). */
      timezone: string | null;
      timezoneError: string | null;
      feedVersion: string | null;
      /** False when the file could not be read as a schedule (validation will say why). */
      readable: boolean;
      kind: PreparedSchedule['kind'];
      /** Rows the load will copy (the files the schedule tables are made of), for its progress. */
      rowsToLoad: number;
    }
  | { type: 'phase'; phase: 'validate' | 'write' }
  | { type: 'chunk'; chunk: EncodedChunk }
  | { type: 'end' }
  | { type: 'encode_failed'; message: string }
  | { type: 'prepared'; result: Omit<PreparedSchedule, 'feed'>; loadable: boolean }
  | { type: 'failed'; message: string };

export type WorkerRequest = { type: 'encode'; versionId: number; chunkRows: number } | { type: 'skip' };

const port = parentPort!;
const { options } = workerData as { options: PrepareScheduleOptions };

// The main thread serves the feed; this thread's long CPU work yields to it (Linux: per thread).
try {
  setPriority(0, LOAD_NICE);
} catch {
  // Not allowed here (some containers): the work is still off the main thread.
}

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const nextRequest = () =>
  new Promise<WorkerRequest>((resolve) => port.once('message', (m: WorkerRequest) => resolve(m)));

async function afterRead(feed: GtfsFeed, readable: boolean, kind: PreparedSchedule['kind']): Promise<void> {
  let timezone: string | null = null;
  let timezoneError: string | null = null;
  try {
    timezone = agencyTimezone(feed);
  } catch (error) {
    timezoneError = messageOf(error);
  }
  const answer = nextRequest();
  reply({
    type: 'read',
    timezone,
    timezoneError,
    feedVersion: readable ? feedVersionOf(feed) : null,
    readable,
    kind,
    rowsToLoad: readable ? rowsToLoad(feed) : 0,
  });
  const request = await answer;
  if (request.type === 'encode') encodeAll(feed, request.versionId, request.chunkRows);
}

function encodeAll(feed: GtfsFeed, versionId: number, chunkRows: number): void {
  try {
    for (const chunk of encodeScheduleTables(feed, versionId, chunkRows)) {
      reply({ type: 'chunk', chunk }, [chunk.csv.buffer as ArrayBuffer]);
    }
    reply({ type: 'end' });
  } catch (error) {
    reply({ type: 'encode_failed', message: messageOf(error) });
  }
}

prepareSchedule({ ...options, afterRead, onPhase: (phase) => reply({ type: 'phase', phase }) }).then(
  (prepared) => {
    const { feed, ...result } = prepared;
    reply({ type: 'prepared', result, loadable: !prepared.blocking && !!feed });
  },
  (error) => reply({ type: 'failed', message: messageOf(error) }),
);

/** The files the schedule tables are copied from (scheduleTables), one table row per file row. */
const LOADED_FILES = [
  'agency.txt',
  'routes.txt',
  'stops.txt',
  'calendar.txt',
  'calendar_dates.txt',
  'stop_times.txt',
  'trips.txt',
];

function rowsToLoad(feed: GtfsFeed): number {
  return LOADED_FILES.reduce((n, file) => n + (feed.get(file)?.rows.length ?? 0), 0);
}
