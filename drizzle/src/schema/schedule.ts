import { type InferSelectModel, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One loaded schedule. Rows of the GTFS tables carry the version id; a version becomes
 * current in one transaction, so readers never see a half-loaded schedule.
 */
export const scheduleVersions = pgTable(
  'schedule_versions',
  {
    id: serial('id').primaryKey(),
    /** loading | current | previous | archived (GTFS rows pruned) | failed */
    status: text('status').notNull(),
    /** Why a load failed (a sentence), for the versions list. */
    error: text('error'),
    sourceKind: text('source_kind').notNull(),
    sourceName: text('source_name').notNull(),
    uploadedBy: text('uploaded_by'),
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    agencyTimezone: text('agency_timezone'),
    /** feed_info.txt's feed_version, served as the GTFS-RT header's feed_version. */
    feedVersion: text('feed_version'),
    counts: jsonb('counts'),
    workbookFileId: bigint('workbook_file_id', { mode: 'number' }),
    zipFileId: bigint('zip_file_id', { mode: 'number' }),
    reportHtmlFileId: bigint('report_html_file_id', { mode: 'number' }),
    reportJsonFileId: bigint('report_json_file_id', { mode: 'number' }),
    /**
     * The file as the planners gave it, before planned works were applied (then zipFileId holds
     * the schedule with them); null when the version has none and its zip is its source.
     */
    sourceFileId: bigint('source_file_id', { mode: 'number' }),
    /** The planned works (disruption ids) this version's schedule holds. */
    plannedWorks: jsonb('planned_works').$type<string[]>().notNull().default([]),
  },
  (t) => [
    /** At most one current schedule, whatever two loads finishing at once do. */
    uniqueIndex('schedule_versions_one_current_idx').on(t.status).where(sql`status = 'current'`),
  ],
);
export type ScheduleVersionRow = InferSelectModel<typeof scheduleVersions>;

export const agencies = pgTable(
  'gtfs_agencies',
  {
    versionId: integer('version_id').notNull(),
    agencyId: text('agency_id').notNull(),
    agencyName: text('agency_name').notNull(),
    agencyTimezone: text('agency_timezone').notNull(),
    // The optional fields of agency.txt a consumer may ask for (GET /db/get_agency); null when absent.
    agencyUrl: text('agency_url'),
    agencyLang: text('agency_lang'),
    agencyPhone: text('agency_phone'),
    agencyFareUrl: text('agency_fare_url'),
    agencyEmail: text('agency_email'),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.agencyId] })],
);

export const routes = pgTable(
  'gtfs_routes',
  {
    versionId: integer('version_id').notNull(),
    routeId: text('route_id').notNull(),
    agencyId: text('agency_id'),
    routeShortName: text('route_short_name'),
    routeLongName: text('route_long_name'),
    routeType: integer('route_type'),
    routeColor: text('route_color'),
    routeTextColor: text('route_text_color'),
    routeDesc: text('route_desc'),
    routeUrl: text('route_url'),
    routeSortOrder: integer('route_sort_order'),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.routeId] })],
);

export const stops = pgTable(
  'gtfs_stops',
  {
    versionId: integer('version_id').notNull(),
    stopId: text('stop_id').notNull(),
    stopName: text('stop_name'),
    stopLat: doublePrecision('stop_lat'),
    stopLon: doublePrecision('stop_lon'),
    locationType: smallint('location_type'),
    parentStation: text('parent_station'),
    stopCode: text('stop_code'),
    stopDesc: text('stop_desc'),
    zoneId: text('zone_id'),
    stopUrl: text('stop_url'),
    stopTimezone: text('stop_timezone'),
    /** 0 no information, 1 possible, 2 not possible (GTFS stops.txt). */
    wheelchairBoarding: smallint('wheelchair_boarding'),
    platformCode: text('platform_code'),
    levelId: text('level_id'),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.stopId] })],
);

/**
 * First departure, last arrival and the first and last stops are kept per trip at import
 * (docs/quality.md: no stop_times scan per query; the trip search lists origin → terminus).
 */
export const trips = pgTable(
  'gtfs_trips',
  {
    versionId: integer('version_id').notNull(),
    tripId: text('trip_id').notNull(),
    routeId: text('route_id').notNull(),
    serviceId: text('service_id').notNull(),
    tripShortName: text('trip_short_name'),
    tripHeadsign: text('trip_headsign'),
    directionId: smallint('direction_id'),
    /**
     * True when the schedule gave no direction_id for the trip and the load derived it from the
     * order of its stops (server/src/schedule/store/derive-directions.ts). The published gtfs.zip
     * and the alerts' informed entities never carry a derived direction (docs/contract-notes.md).
     */
    directionDerived: boolean('direction_derived').notNull().default(false),
    shapeId: text('shape_id'),
    /** Seconds after noon-minus-12h of the service day (GTFS time, may pass 24:00). */
    startSecs: integer('start_secs'),
    endSecs: integer('end_secs'),
    /** The stop of the lowest stop_sequence (the trip search's origin); filled from stop_times for older versions by migration 0009. */
    firstStopId: text('first_stop_id'),
    lastStopId: text('last_stop_id'),
    /** Train number for get_trips: the digits after the id's last '-', leading zeros dropped (WD-0123 → 123). */
    tripNumber: text('trip_number'),
    /**
     * Fingerprint of the trip's stop times (stop, arrival, departure per sequence), so two versions
     * are compared trip by trip without joining their stop_times (schedule diff).
     * Null for versions loaded before it existed.
     */
    stopTimesHash: text('stop_times_hash'),
    blockId: text('block_id'),
    /** 0 no information, 1 accessible, 2 not (GTFS trips.txt); bikes_allowed the same. */
    wheelchairAccessible: smallint('wheelchair_accessible'),
    bikesAllowed: smallint('bikes_allowed'),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.tripId] }),
    index('gtfs_trips_route_idx').on(t.versionId, t.routeId, t.serviceId),
    index('gtfs_trips_number_idx').on(t.versionId, t.tripNumber.op('text_pattern_ops')),
    // With trip_id: the trip search by stop intersects a day's trip ids with the stop's calls
    // from this index alone (server/src/schedule/find-trips.ts).
    index('gtfs_trips_service_idx').on(t.versionId, t.serviceId, t.tripId),
  ],
);

export const stopTimes = pgTable(
  'gtfs_stop_times',
  {
    versionId: integer('version_id').notNull(),
    tripId: text('trip_id').notNull(),
    stopSequence: integer('stop_sequence').notNull(),
    stopId: text('stop_id').notNull(),
    arrivalSecs: integer('arrival_secs'),
    departureSecs: integer('departure_secs'),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.tripId, t.stopSequence] }),
    // The trip search by stop: the trips calling at a stop, from the index alone (no heap visit
    // per stop time; a busy Renfe station has 28 000 of them spread over 4 000 pages).
    index('gtfs_stop_times_stop_trip_idx').on(t.versionId, t.stopId, t.tripId),
  ],
);

export const calendars = pgTable(
  'gtfs_calendar',
  {
    versionId: integer('version_id').notNull(),
    serviceId: text('service_id').notNull(),
    /** Bit 0 = Monday ... bit 6 = Sunday. */
    weekdays: smallint('weekdays').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.serviceId] })],
);

export const calendarDates = pgTable(
  'gtfs_calendar_dates',
  {
    versionId: integer('version_id').notNull(),
    serviceId: text('service_id').notNull(),
    date: text('date').notNull(),
    exceptionType: smallint('exception_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.serviceId, t.date] })],
);
