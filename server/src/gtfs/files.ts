/**
 * The one table of GTFS files (https://gtfs.org/schedule/reference/), used by the zip reader,
 * the workbook readers, the validator, the zip and workbook writers, the database store and the
 * demo: each file's name, presence, primary key, workbook sheet and fields (type, presence,
 * range, parent). Conditional requirements (agency_id, stop_name, stop_lat, arrival_time, ...)
 * are validator rules of their own; here a field is `required` only when the reference says so
 * without a condition, and `column` when the column must exist but values may be empty.
 */

export type FieldType =
  | 'id'
  | 'text'
  | 'url'
  | 'email'
  | 'phone'
  | 'timezone'
  | 'language'
  | 'color'
  | 'currency'
  | 'date'
  | 'time'
  | 'integer'
  | 'float'
  | 'enum';

export type FieldSpec = {
  name: string;
  type: FieldType;
  presence?: 'required' | 'column';
  /** Inclusive bounds for numbers (number_out_of_range). */
  min?: number;
  max?: number;
  /** Allowed values of an enum (unexpected_enum_value). */
  values?: readonly number[];
  /** Parent file and field of a foreign key (foreign_key_violation). */
  ref?: { file: string; field: string };
};

/** The file names, so the rest of the code names a file through this table (FILE.calendarDates). */
export const FILE = {
  agency: 'agency.txt',
  stops: 'stops.txt',
  routes: 'routes.txt',
  trips: 'trips.txt',
  stopTimes: 'stop_times.txt',
  calendar: 'calendar.txt',
  calendarDates: 'calendar_dates.txt',
  fareAttributes: 'fare_attributes.txt',
  fareRules: 'fare_rules.txt',
  shapes: 'shapes.txt',
  frequencies: 'frequencies.txt',
  transfers: 'transfers.txt',
  pathways: 'pathways.txt',
  levels: 'levels.txt',
  translations: 'translations.txt',
  feedInfo: 'feed_info.txt',
  attributions: 'attributions.txt',
} as const;

export type FileSpec = {
  name: string;
  presence: 'required' | 'conditional' | 'optional';
  key?: readonly string[];
  fields: readonly FieldSpec[];
  /** A core file: the zip reader looks for the feed in the folder holding most of them. */
  core?: true;
  /** The reference sheet of the timetable workbook (docs/workbook.md) that holds this file. */
  sheet?: string;
};

/** A file the reference defines whose fields the validator does not check (no unknown_file for it). */
export type OtherFile = {
  name: string;
  /** false: newer files, written after the ordered ones by name, like files the reference lacks. */
  ordered: boolean;
};

const req = (name: string, type: FieldType, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  type,
  presence: 'required',
  ...extra,
});
const opt = (name: string, type: FieldType, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  type,
  ...extra,
});
const en = (name: string, values: readonly number[], presence?: 'required'): FieldSpec => ({
  name,
  type: 'enum',
  values,
  presence,
});
const ref = (file: string, field: string) => ({ ref: { file, field } });
const nonNegative = { min: 0 };
const lat = { min: -90, max: 90 };
const lon = { min: -180, max: 180 };
const ROUTE_TYPES = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, ...range(100, 1700)];
const CONTINUOUS = [0, 1, 2, 3];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

export const FILE_SPECS: readonly FileSpec[] = [
  {
    name: FILE.agency,
    core: true,
    sheet: 'AgencyInfo',
    presence: 'required',
    key: ['agency_id'],
    fields: [
      opt('agency_id', 'id'),
      req('agency_name', 'text'),
      req('agency_url', 'url'),
      req('agency_timezone', 'timezone'),
      opt('agency_lang', 'language'),
      opt('agency_phone', 'phone'),
      opt('agency_fare_url', 'url'),
      opt('agency_email', 'email'),
    ],
  },
  {
    name: FILE.stops,
    core: true,
    sheet: 'Stops',
    presence: 'required',
    key: ['stop_id'],
    fields: [
      req('stop_id', 'id'),
      opt('stop_code', 'text'),
      opt('stop_name', 'text'),
      opt('tts_stop_name', 'text'),
      opt('stop_desc', 'text'),
      opt('stop_lat', 'float', lat),
      opt('stop_lon', 'float', lon),
      opt('zone_id', 'id'),
      opt('stop_url', 'url'),
      en('location_type', [0, 1, 2, 3, 4]),
      opt('parent_station', 'id', ref('stops.txt', 'stop_id')),
      opt('stop_timezone', 'timezone'),
      en('wheelchair_boarding', [0, 1, 2]),
      opt('level_id', 'id', ref('levels.txt', 'level_id')),
      opt('platform_code', 'text'),
    ],
  },
  {
    name: FILE.routes,
    core: true,
    sheet: 'Routes',
    presence: 'required',
    key: ['route_id'],
    fields: [
      req('route_id', 'id'),
      opt('agency_id', 'id', ref('agency.txt', 'agency_id')),
      opt('route_short_name', 'text'),
      opt('route_long_name', 'text'),
      opt('route_desc', 'text'),
      en('route_type', ROUTE_TYPES, 'required'),
      opt('route_url', 'url'),
      opt('route_color', 'color'),
      opt('route_text_color', 'color'),
      opt('route_sort_order', 'integer', nonNegative),
      en('continuous_pickup', CONTINUOUS),
      en('continuous_drop_off', CONTINUOUS),
      opt('network_id', 'id'),
    ],
  },
  {
    name: FILE.trips,
    core: true,
    presence: 'required',
    key: ['trip_id'],
    fields: [
      req('route_id', 'id', ref('routes.txt', 'route_id')),
      // Parent is calendar.txt or calendar_dates.txt: checked in rules/foreign-key-violation.ts.
      req('service_id', 'id'),
      req('trip_id', 'id'),
      opt('trip_headsign', 'text'),
      opt('trip_short_name', 'text'),
      en('direction_id', [0, 1]),
      opt('block_id', 'id'),
      opt('shape_id', 'id', ref('shapes.txt', 'shape_id')),
      en('wheelchair_accessible', [0, 1, 2]),
      en('bikes_allowed', [0, 1, 2]),
      en('cars_allowed', [0, 1, 2]),
    ],
  },
  {
    name: FILE.stopTimes,
    core: true,
    presence: 'required',
    key: ['trip_id', 'stop_sequence'],
    fields: [
      req('trip_id', 'id', ref('trips.txt', 'trip_id')),
      opt('arrival_time', 'time'),
      opt('departure_time', 'time'),
      req('stop_id', 'id', ref('stops.txt', 'stop_id')),
      req('stop_sequence', 'integer', nonNegative),
      opt('stop_headsign', 'text'),
      opt('start_pickup_drop_off_window', 'time'),
      opt('end_pickup_drop_off_window', 'time'),
      en('pickup_type', [0, 1, 2, 3]),
      en('drop_off_type', [0, 1, 2, 3]),
      en('continuous_pickup', CONTINUOUS),
      en('continuous_drop_off', CONTINUOUS),
      opt('shape_dist_traveled', 'float', nonNegative),
      en('timepoint', [0, 1]),
      opt('pickup_booking_rule_id', 'id'),
      opt('drop_off_booking_rule_id', 'id'),
    ],
  },
  {
    name: FILE.calendar,
    core: true,
    sheet: 'Services',
    presence: 'conditional',
    key: ['service_id'],
    fields: [
      req('service_id', 'id'),
      ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) =>
        en(d, [0, 1], 'required'),
      ),
      req('start_date', 'date'),
      req('end_date', 'date'),
    ],
  },
  {
    name: FILE.calendarDates,
    core: true,
    sheet: 'CalendarDays',
    presence: 'conditional',
    key: ['service_id', 'date'],
    fields: [req('service_id', 'id'), req('date', 'date'), en('exception_type', [1, 2], 'required')],
  },
  {
    name: FILE.fareAttributes,
    sheet: 'FareAttributes',
    presence: 'optional',
    key: ['fare_id'],
    fields: [
      req('fare_id', 'id'),
      req('price', 'float', nonNegative),
      req('currency_type', 'currency'),
      en('payment_method', [0, 1], 'required'),
      // The column is required but an empty value means unlimited transfers.
      { name: 'transfers', type: 'enum', values: [0, 1, 2], presence: 'column' },
      opt('agency_id', 'id', ref('agency.txt', 'agency_id')),
      opt('transfer_duration', 'integer', nonNegative),
    ],
  },
  {
    name: FILE.fareRules,
    sheet: 'FareRules',
    presence: 'optional',
    fields: [
      req('fare_id', 'id', ref('fare_attributes.txt', 'fare_id')),
      opt('route_id', 'id', ref('routes.txt', 'route_id')),
      opt('origin_id', 'id', ref('stops.txt', 'zone_id')),
      opt('destination_id', 'id', ref('stops.txt', 'zone_id')),
      opt('contains_id', 'id', ref('stops.txt', 'zone_id')),
    ],
  },
  {
    name: FILE.shapes,
    sheet: 'Shapes',
    presence: 'optional',
    key: ['shape_id', 'shape_pt_sequence'],
    fields: [
      req('shape_id', 'id'),
      req('shape_pt_lat', 'float', lat),
      req('shape_pt_lon', 'float', lon),
      req('shape_pt_sequence', 'integer', nonNegative),
      opt('shape_dist_traveled', 'float', nonNegative),
    ],
  },
  {
    name: FILE.frequencies,
    presence: 'optional',
    key: ['trip_id', 'start_time'],
    fields: [
      req('trip_id', 'id', ref('trips.txt', 'trip_id')),
      req('start_time', 'time'),
      req('end_time', 'time'),
      req('headway_secs', 'integer', { min: 1 }),
      en('exact_times', [0, 1]),
    ],
  },
  {
    name: FILE.transfers,
    presence: 'optional',
    fields: [
      opt('from_stop_id', 'id', ref('stops.txt', 'stop_id')),
      opt('to_stop_id', 'id', ref('stops.txt', 'stop_id')),
      opt('from_route_id', 'id', ref('routes.txt', 'route_id')),
      opt('to_route_id', 'id', ref('routes.txt', 'route_id')),
      opt('from_trip_id', 'id', ref('trips.txt', 'trip_id')),
      opt('to_trip_id', 'id', ref('trips.txt', 'trip_id')),
      en('transfer_type', [0, 1, 2, 3, 4, 5], 'required'),
      opt('min_transfer_time', 'integer', nonNegative),
    ],
  },
  {
    name: FILE.pathways,
    presence: 'optional',
    key: ['pathway_id'],
    fields: [
      req('pathway_id', 'id'),
      req('from_stop_id', 'id', ref('stops.txt', 'stop_id')),
      req('to_stop_id', 'id', ref('stops.txt', 'stop_id')),
      en('pathway_mode', [1, 2, 3, 4, 5, 6, 7], 'required'),
      en('is_bidirectional', [0, 1], 'required'),
      opt('length', 'float', nonNegative),
      opt('traversal_time', 'integer', { min: 1 }),
      opt('stair_count', 'integer'),
      opt('max_slope', 'float'),
      opt('min_width', 'float', { min: 0 }),
      opt('signposted_as', 'text'),
      opt('reversed_signposted_as', 'text'),
    ],
  },
  {
    name: FILE.levels,
    presence: 'optional',
    key: ['level_id'],
    fields: [req('level_id', 'id'), req('level_index', 'float'), opt('level_name', 'text')],
  },
  {
    name: FILE.feedInfo,
    core: true,
    sheet: 'FeedInfo',
    presence: 'optional',
    fields: [
      req('feed_publisher_name', 'text'),
      req('feed_publisher_url', 'url'),
      req('feed_lang', 'language'),
      opt('default_lang', 'language'),
      opt('feed_start_date', 'date'),
      opt('feed_end_date', 'date'),
      opt('feed_version', 'text'),
      opt('feed_contact_email', 'email'),
      opt('feed_contact_url', 'url'),
    ],
  },
  {
    name: FILE.translations,
    presence: 'optional',
    fields: [
      req('table_name', 'text'),
      req('field_name', 'text'),
      req('language', 'language'),
      req('translation', 'text'),
      opt('record_id', 'id'),
      opt('record_sub_id', 'id'),
      opt('field_value', 'text'),
    ],
  },
  {
    name: FILE.attributions,
    presence: 'optional',
    key: ['attribution_id'],
    fields: [
      opt('attribution_id', 'id'),
      opt('agency_id', 'id', ref('agency.txt', 'agency_id')),
      opt('route_id', 'id', ref('routes.txt', 'route_id')),
      opt('trip_id', 'id', ref('trips.txt', 'trip_id')),
      req('organization_name', 'text'),
      en('is_producer', [0, 1]),
      en('is_operator', [0, 1]),
      en('is_authority', [0, 1]),
      opt('attribution_url', 'url'),
      opt('attribution_email', 'email'),
      opt('attribution_phone', 'phone'),
    ],
  },
];

const other = (name: string, ordered = true): OtherFile => ({ name, ordered });

export const OTHER_FILES: readonly OtherFile[] = [
  other('timeframes.txt'),
  other('rider_categories.txt', false),
  other('fare_media.txt'),
  other('fare_products.txt'),
  other('fare_leg_rules.txt'),
  other('fare_leg_join_rules.txt', false),
  other('fare_transfer_rules.txt'),
  other('areas.txt'),
  other('stop_areas.txt'),
  other('networks.txt'),
  other('route_networks.txt'),
  other('location_groups.txt', false),
  other('location_group_stops.txt', false),
  other('locations.geojson', false),
  other('booking_rules.txt', false),
];

export const OTHER_KNOWN_FILES: readonly string[] = OTHER_FILES.map((f) => f.name);

export const FILE_SPEC_BY_NAME: ReadonlyMap<string, FileSpec> = new Map(FILE_SPECS.map((f) => [f.name, f]));

/** Files that locate a feed inside a zip (read-zip.ts). */
export const CORE_FILES: ReadonlySet<string> = new Set(FILE_SPECS.filter((f) => f.core).map((f) => f.name));

/** The order files are written in (zip and workbook): the reference's order, fares and networks after calendars. */
export const WRITE_ORDER: readonly string[] = [
  ...[FILE.agency, FILE.stops, FILE.routes, FILE.trips, FILE.stopTimes, FILE.calendar, FILE.calendarDates],
  ...[FILE.fareAttributes, FILE.fareRules],
  ...OTHER_FILES.filter((f) => f.ordered).map((f) => f.name),
  ...[FILE.shapes, FILE.frequencies, FILE.transfers, FILE.pathways, FILE.levels, FILE.translations],
  ...[FILE.feedInfo, FILE.attributions],
];

/** The workbook sheet of a file that has one. */
export function sheetOf(file: string): string {
  const sheet = FILE_SPEC_BY_NAME.get(file)?.sheet;
  if (!sheet) throw new Error(`${file} has no workbook sheet`);
  return sheet;
}
