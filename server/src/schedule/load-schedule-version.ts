import { scheduleVersions } from '@feeddesk/drizzle';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { GtfsFeed } from './gtfs/tables.ts';
import { activateVersion } from './load/activate-version.ts';
import { copyRows } from './load/copy-rows.ts';
import { deleteVersionRows } from './load/delete-version-rows.ts';
import {
  agencyRows,
  calendarDateRows,
  calendarRows,
  routeRows,
  stopRows,
  stopTimeRows,
  type TripSummary,
  tripRows,
} from './load/feed-rows.ts';
import { FeedLoadError } from './load/feed-table.ts';
import { pruneVersions } from './load/prune-versions.ts';
import { SCHEDULE_CHANGED_CHANNEL, scheduleCache } from './schedule-cache.ts';
import { DEFAULT_TIMEZONE, isValidTimezone } from './time/service-day.ts';

export type LoadScheduleVersionDeps = Pick<AppDeps, 'db' | 'database' | 'now' | 'log'>;

export type LoadScheduleVersionOptions = {
  feed: GtfsFeed;
  /** 'workbook' | 'zip' | 'demo' … as the caller names it. */
  sourceKind: string;
  sourceName: string;
  uploadedBy: string | null;
  jobId: string | null;
  files?: {
    workbookFileId?: number;
    zipFileId?: number;
    reportHtmlFileId?: number;
    reportJsonFileId?: number;
  };
  onProgress?: (message: string) => void;
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

export type LoadScheduleVersionResult = { versionId: number; counts: ScheduleCounts };

/**
 * Loads a (validated) feed as a new schedule version with COPY, then makes it current in one
 * transaction. Until then, and if anything fails, the previous schedule stays current: the rows
 * of a failed load are deleted and its version marked failed. Afterwards the GTFS rows of
 * versions older than the previous one are pruned.
 */
export async function loadScheduleVersion(
  deps: LoadScheduleVersionDeps,
  options: LoadScheduleVersionOptions,
): Promise<LoadScheduleVersionResult> {
  const timezone = agencyTimezone(options.feed);
  const versionId = await createVersion(deps, options, timezone);
  const progress = options.onProgress ?? (() => {});
  try {
    const counts = await copyFeed(deps, options.feed, versionId, progress);
    await deps.db.execute(sql`analyze gtfs_trips, gtfs_stop_times, gtfs_stops, gtfs_routes`);
    await activateVersion(deps, versionId, counts);
    scheduleCache.invalidate();
    progress(`Schedule version ${versionId} is now current.`);
    await afterSwitch(deps, versionId);
    return { versionId, counts };
  } catch (error) {
    await failVersion(deps, versionId, error);
    throw error;
  }
}

function agencyTimezone(feed: GtfsFeed): string {
  const agency = feed.get('agency.txt');
  const column = agency?.header.indexOf('agency_timezone') ?? -1;
  const tz = column >= 0 ? agency?.rows[0]?.[column] : undefined;
  if (!tz) return DEFAULT_TIMEZONE;
  if (!isValidTimezone(tz)) {
    throw new FeedLoadError(
      `agency.txt names the time zone "${tz}", which is unknown; use an IANA name such as Africa/Johannesburg.`,
    );
  }
  return tz;
}

async function createVersion(
  deps: LoadScheduleVersionDeps,
  options: LoadScheduleVersionOptions,
  timezone: string,
): Promise<number> {
  const [row] = await deps.db
    .insert(scheduleVersions)
    .values({
      status: 'loading',
      sourceKind: options.sourceKind,
      sourceName: options.sourceName,
      uploadedBy: options.uploadedBy,
      jobId: options.jobId,
      createdAt: deps.now(),
      agencyTimezone: timezone,
      ...options.files,
    })
    .returning({ id: scheduleVersions.id });
  return row.id;
}

async function copyFeed(
  deps: LoadScheduleVersionDeps,
  feed: GtfsFeed,
  versionId: number,
  progress: (message: string) => void,
): Promise<ScheduleCounts> {
  const copy = async (
    table: string,
    columns: string[],
    rows: Iterable<(string | number | null)[]>,
    label: string,
  ) => {
    const count = await copyRows(deps.database, { table, columns, rows });
    progress(`Loaded ${count} ${label}.`);
    return count;
  };
  const v = 'version_id';
  const summaries = new Map<string, TripSummary>();
  const agencies = await copy(
    'gtfs_agencies',
    [v, 'agency_id', 'agency_name', 'agency_timezone'],
    agencyRows(feed, versionId),
    'agencies',
  );
  const routes = await copy(
    'gtfs_routes',
    [
      v,
      'route_id',
      'agency_id',
      'route_short_name',
      'route_long_name',
      'route_type',
      'route_color',
      'route_text_color',
    ],
    routeRows(feed, versionId),
    'routes',
  );
  const stops = await copy(
    'gtfs_stops',
    [v, 'stop_id', 'stop_name', 'stop_lat', 'stop_lon', 'location_type', 'parent_station'],
    stopRows(feed, versionId),
    'stops',
  );
  const calendar = await copy(
    'gtfs_calendar',
    [v, 'service_id', 'weekdays', 'start_date', 'end_date'],
    calendarRows(feed, versionId),
    'calendar rows',
  );
  const calendarDates = await copy(
    'gtfs_calendar_dates',
    [v, 'service_id', 'date', 'exception_type'],
    calendarDateRows(feed, versionId),
    'calendar dates',
  );
  const stopTimes = await copy(
    'gtfs_stop_times',
    [v, 'trip_id', 'stop_sequence', 'stop_id', 'arrival_secs', 'departure_secs'],
    stopTimeRows(feed, versionId, summaries),
    'stop times',
  );
  const trips = await copy(
    'gtfs_trips',
    [
      v,
      'trip_id',
      'route_id',
      'service_id',
      'trip_short_name',
      'trip_headsign',
      'direction_id',
      'shape_id',
      'start_secs',
      'end_secs',
      'last_stop_id',
      'trip_number',
    ],
    tripRows(feed, versionId, summaries),
    'trips',
  );
  return { agencies, routes, stops, trips, stopTimes, calendar, calendarDates };
}

/** Tell the other processes, then prune; neither may fail a load that is already current. */
async function afterSwitch(deps: LoadScheduleVersionDeps, versionId: number): Promise<void> {
  try {
    await deps.database.notify(SCHEDULE_CHANGED_CHANNEL, String(versionId));
    await pruneVersions(deps);
  } catch (error) {
    deps.log.warn({ err: error, versionId }, 'schedule loaded, but notifying or pruning old versions failed');
  }
}

async function failVersion(deps: LoadScheduleVersionDeps, versionId: number, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  try {
    await deps.db
      .update(scheduleVersions)
      .set({ status: 'failed', error: message })
      .where(eq(scheduleVersions.id, versionId));
    await deleteVersionRows(deps, [versionId]);
  } catch (cleanupError) {
    deps.log.error({ err: cleanupError, versionId }, 'could not clean up a failed schedule load');
  }
}
