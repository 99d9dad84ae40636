import { parentPort, workerData } from 'node:worker_threads';
import type { GtfsFeed, StreamedFile } from '../../gtfs/index.ts';
import { ChunksAhead } from '../../workers/chunks-ahead.ts';
import { collectGarbage } from '../../workers/collect-garbage.ts';
import { type EncodedChunk, STOP_TIMES_FILE, StreamingScheduleEncoder } from '../store/schedule-tables.ts';
import { agencyTimezone, feedVersionOf } from '../store/version-identity.ts';
import { type PreparedSchedule, type PrepareScheduleOptions, prepareSchedule } from './prepare-schedule.ts';

/**
 * Worker thread of one upload (workerData.options), at the load's priority (ts-worker.mjs sets
 * it before any module loads). It says when the schedule can start loading ('read'): for a GTFS
 * zip once every file but stop_times.txt is read, for a workbook once it is read. The main thread
 * answers with the new version's id ('encode') or 'skip'. The worker then encodes the COPY chunks
 * and posts them as transferred bytes (millions of small strings never cross threads): a zip's
 * stop times while stop_times.txt is still being inflated, so the database loads them meanwhile.
 * Once the file is read ('read_done') come the last chunks, then validation while the main thread
 * copies, and last the result of validation ('prepared'), without the feed.
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
    }
  | {
      type: 'read_done';
      /** Rows the load copies (the files the schedule tables are made of), for its progress. */
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
const { options, ahead } = workerData as {
  options: Omit<PrepareScheduleOptions, 'onPhase' | 'afterRead' | 'streamed'>;
  /** The chunks made and not yet taken by the load (chunks-ahead.ts). */
  ahead: SharedArrayBuffer;
};
const chunksAhead = new ChunksAhead(ahead);
/** While stop_times.txt streams, reading waits for the load once it is far enough ahead. */
let streaming = true;

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const nextRequest = () =>
  new Promise<WorkerRequest>((resolve) => port.once('message', (m: WorkerRequest) => resolve(m)));

/** Encodes the new version's chunks; undefined when nothing is loaded or encoding failed. */
let encoder: StreamingScheduleEncoder | undefined;
let announced = false;

/** Tells the main thread the schedule can start loading; waits for the version to load into. */
async function announce(feed: GtfsFeed, readable: boolean, kind: PreparedSchedule['kind']): Promise<void> {
  announced = true;
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
  });
  const request = await answer;
  if (request.type !== 'encode') return;
  encoder = new StreamingScheduleEncoder(request.versionId, request.chunkRows, (chunk) => {
    // Not once the file is read: the last chunks (the trips among them) wait for the stop times'
    // indexes, and validation, which comes next, would wait with them.
    chunksAhead.made(chunk.csv.byteLength, streaming);
    reply({ type: 'chunk', chunk }, [chunk.csv.buffer as ArrayBuffer]);
  });
  encoding((e) => e.start(feed));
}

/** Runs encoding work; on a failure the load is told and nothing more is encoded. */
function encoding(work: (e: StreamingScheduleEncoder) => void): void {
  if (!encoder) return;
  try {
    work(encoder);
  } catch (error) {
    encoder = undefined;
    reply({ type: 'encode_failed', message: messageOf(error) });
  }
}

/** A zip's stop_times.txt, followed while it is read: its rows are encoded as they come. */
const streamed: StreamedFile = {
  name: STOP_TIMES_FILE,
  before: (feed, problems) => announce(feed, problems.length === 0, 'gtfs_zip'),
  read: (table) => encoding((e) => e.stopTimesRead(table)),
};

async function afterRead(feed: GtfsFeed, readable: boolean, kind: PreparedSchedule['kind']): Promise<void> {
  // A workbook, a zip without stop_times.txt, or a zip refused before it: nothing streamed.
  if (!announced) await announce(feed, readable, kind);
  streaming = false;
  reply({ type: 'read_done', rowsToLoad: readable ? rowsToLoad(feed) : 0 });
  if (!readable) {
    // Part of the file could not be read after the load began: it stops (validation says why).
    if (encoder) reply({ type: 'encode_failed', message: 'The file could not be read to the end.' });
    encoder = undefined;
    return;
  }
  encoding((e) => {
    e.finish(feed);
    reply({ type: 'end' });
  });
  // Its trip summaries and per-value texts (~150 MB at five times Renfe) are not needed by
  // validation, which comes next: they are collected, with the reading's garbage, before it
  // builds its indexes. Left to V8, that garbage stood while validation added its own: five times
  // Renfe read outside the product peaked at 1 074-1 081 MB RSS, with this 944-954 MB (0.2 s).
  encoder = undefined;
  collectGarbage();
}

prepareSchedule({
  ...options,
  // Planned works change stop_times.txt too: the whole file is read before they are applied.
  streamed: options.plannedWorks?.length ? undefined : streamed,
  afterRead,
  onPhase: (phase) => reply({ type: 'phase', phase }),
}).then(
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
