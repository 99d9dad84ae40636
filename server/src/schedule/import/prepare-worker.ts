import { parentPort, workerData } from 'node:worker_threads';
import type { GtfsFeed } from '../../gtfs/index.ts';
import { type EncodedChunk, encodeScheduleTables } from '../store/schedule-tables.ts';
import { agencyTimezone, feedVersionOf } from '../store-schedule-version.ts';
import { type PrepareScheduleOptions, prepareSchedule } from './prepare-schedule.ts';

/**
 * Worker thread: prepares one upload and keeps the parsed feed here. The main thread gets the
 * result without the feed, then pulls the COPY data chunk by chunk ('next'), as transferred
 * bytes: millions of small strings never cross threads, and the event loop stays free.
 */
export type WorkerReply =
  | {
      type: 'prepared';
      result: Omit<import('./prepare-schedule.ts').PreparedSchedule, 'feed'>;
      timezone: string | null;
      feedVersion: string | null;
      loadable: boolean;
      /** Rows the load will copy (the files the schedule tables are made of), for its progress. */
      rowsToLoad: number;
    }
  | { type: 'phase'; phase: 'validate' | 'write' }
  | { type: 'chunk'; chunk: EncodedChunk }
  | { type: 'end' }
  | { type: 'failed'; message: string };

export type WorkerRequest = { type: 'encode'; versionId: number; chunkRows: number } | { type: 'next' };

const port = parentPort!;
const { options } = workerData as { options: PrepareScheduleOptions };
let feed: GtfsFeed | null = null;
let chunks: Generator<EncodedChunk> | null = null;

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const fail = (error: unknown) =>
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });

prepareSchedule({ ...options, onPhase: (phase) => reply({ type: 'phase', phase }) }).then((prepared) => {
  feed = prepared.feed;
  let timezone: string | null = null;
  let result: typeof prepared = prepared;
  if (feed) {
    try {
      timezone = agencyTimezone(feed);
    } catch (error) {
      result = {
        ...prepared,
        blocking: true,
        firstErrors: [(error as Error).message, ...prepared.firstErrors],
      };
    }
  }
  const { feed: _kept, ...rest } = result;
  reply({
    type: 'prepared',
    result: rest,
    timezone,
    feedVersion: feed ? feedVersionOf(feed) : null,
    loadable: !result.blocking && !!feed,
    rowsToLoad: feed ? rowsToLoad(feed) : 0,
  });
}, fail);

port.on('message', (request: WorkerRequest) => {
  try {
    if (request.type === 'encode') {
      if (!feed) throw new Error('No schedule to encode.');
      chunks = encodeScheduleTables(feed, request.versionId, request.chunkRows);
      return;
    }
    const next = chunks?.next();
    if (!next || next.done) {
      reply({ type: 'end' });
      return;
    }
    const { csv } = next.value;
    reply({ type: 'chunk', chunk: next.value }, [csv.buffer as ArrayBuffer]);
  } catch (error) {
    fail(error);
  }
});

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
