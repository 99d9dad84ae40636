import type { GtfsFeed } from '../../gtfs/index.ts';
import { FILE } from '../../gtfs/index.ts';
import { parseGtfsTime } from '../time/gtfs-time.ts';
import type { CopyValue } from './csv-line.ts';
import { deriveDirections } from './derive-directions.ts';
import { type FeedTable, feedTable } from './feed-table.ts';
import { emptyStopTimesHash, formatStopTimesHash } from './stop-times-hash.ts';
import type { TripSummaries } from './trip-summaries.ts';

type Rows = Generator<CopyValue[]>;

export function* agencyRows(feed: GtfsFeed, versionId: number): Rows {
  const t = feedTable(feed, 'agency.txt');
  const [id, name, tz] = [t.text('agency_id'), t.text('agency_name'), t.required('agency_timezone')];
  const [url, lang, phone, fareUrl, email] = [
    'agency_url',
    'agency_lang',
    'agency_phone',
    'agency_fare_url',
    'agency_email',
  ].map(t.text);
  for (const row of t.rows) {
    yield [
      versionId,
      id(row) ?? '',
      name(row) ?? '',
      tz(row),
      url(row),
      lang(row),
      phone(row),
      fareUrl(row),
      email(row),
    ];
  }
}

export function* routeRows(feed: GtfsFeed, versionId: number): Rows {
  const t = feedTable(feed, 'routes.txt');
  const id = t.required('route_id');
  const [agency, short, long, color, textColor, desc, url] = [
    'agency_id',
    'route_short_name',
    'route_long_name',
    'route_color',
    'route_text_color',
    'route_desc',
    'route_url',
  ].map(t.text);
  const type = t.int('route_type');
  const sortOrder = optionalInt(t, 'route_sort_order');
  for (const [i, row] of t.rows.entries()) {
    yield [
      versionId,
      id(row),
      agency(row),
      short(row),
      long(row),
      type(row, i),
      color(row),
      textColor(row),
      desc(row),
      url(row),
      sortOrder(row),
    ];
  }
}

export function* stopRows(feed: GtfsFeed, versionId: number): Rows {
  const t = feedTable(feed, 'stops.txt');
  const [id, name, parent] = [t.required('stop_id'), t.text('stop_name'), t.text('parent_station')];
  const [lat, lon, type] = [t.float('stop_lat'), t.float('stop_lon'), t.int('location_type')];
  const [code, desc, zone, url, timezone, platform, level] = [
    'stop_code',
    'stop_desc',
    'zone_id',
    'stop_url',
    'stop_timezone',
    'platform_code',
    'level_id',
  ].map(t.text);
  const wheelchair = optionalInt(t, 'wheelchair_boarding');
  for (const [i, row] of t.rows.entries()) {
    yield [
      versionId,
      id(row),
      name(row),
      lat(row, i),
      lon(row, i),
      type(row, i),
      parent(row),
      code(row),
      desc(row),
      zone(row),
      url(row),
      timezone(row),
      wheelchair(row),
      platform(row),
      level(row),
    ];
  }
}

/**
 * An optional integer field kept for consumers (wheelchair_boarding, route_sort_order...): a value
 * that is not a whole number is stored as null rather than failing the load, as these fields did
 * not matter to a load before they were kept (the validation report already names a bad value).
 */
function optionalInt(t: FeedTable, field: string): (row: string[]) => number | null {
  const read = t.text(field);
  return (row) => {
    const value = read(row);
    return value !== null && /^[+-]?\d{1,9}$/.test(value) ? Number.parseInt(value, 10) : null;
  };
}

const weekdayFields = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export function* calendarRows(feed: GtfsFeed, versionId: number): Rows {
  const t = feedTable(feed, FILE.calendar);
  const [id, start, end] = [t.required('service_id'), t.required('start_date'), t.required('end_date')];
  const days = weekdayFields.map(t.text);
  for (const row of t.rows) {
    const weekdays = days.reduce((bits, day, bit) => (day(row) === '1' ? bits | (1 << bit) : bits), 0);
    yield [versionId, id(row), weekdays, start(row), end(row)];
  }
}

export function* calendarDateRows(feed: GtfsFeed, versionId: number): Rows {
  const t = feedTable(feed, FILE.calendarDates);
  const [id, date, type] = [t.required('service_id'), t.required('date'), t.int('exception_type')];
  for (const [i, row] of t.rows.entries()) yield [versionId, id(row), date(row), type(row, i)];
}

/** stop_times rows; fills `summaries` (per trip first departure and stop, last arrival and stop) on the way. */
export function* stopTimeRows(feed: GtfsFeed, versionId: number, summaries: TripSummaries): Rows {
  const t = feedTable(feed, 'stop_times.txt');
  const row = stopTimeRow(t, versionId, summaries);
  const rows = t.rows;
  for (let i = 0; i < rows.length; i++) yield row(rows[i]!, i);
}

/**
 * The COPY values of one stop_times row (its index in the file, for a missing sequence and for
 * messages), filling `summaries`. One at a time, so rows can be encoded while the file is read.
 */
export function stopTimeRow(
  t: FeedTable,
  versionId: number,
  summaries: TripSummaries,
): (row: string[], i: number) => CopyValue[] {
  const [trip, stop, arrival, departure] = [
    t.required('trip_id'),
    t.required('stop_id'),
    t.text('arrival_time'),
    t.text('departure_time'),
  ];
  const sequence = t.int('stop_sequence');
  const sequenceText = t.text('stop_sequence');
  // Times and sequences repeat on nearly every line: parse each distinct text once.
  const sequences = new Map<string, number>();
  const times = new Map<string, number | null>();
  const time = (text: string | null) => {
    if (text === null) return null;
    let secs = times.get(text);
    if (secs === undefined) {
      secs = parseGtfsTime(text);
      times.set(text, secs);
    }
    return secs;
  };
  return (row, i) => {
    const tripId = trip(row);
    const text = sequenceText(row);
    let known = text === null ? i : sequences.get(text);
    if (known === undefined) {
      known = sequence(row, i) ?? i;
      sequences.set(text!, known);
    }
    const seq = known;
    const arrivalSecs = time(arrival(row));
    const departureSecs = time(departure(row));
    const stopId = stop(row);
    const slot = summaries.add(tripId, seq, stopId, arrivalSecs, departureSecs);
    summaries.addValues(slot, seq, stopId, arrivalSecs, departureSecs);
    return [versionId, tripId, seq, stopId, arrivalSecs, departureSecs];
  };
}

export function* tripRows(feed: GtfsFeed, versionId: number, summaries: TripSummaries): Rows {
  const t = feedTable(feed, 'trips.txt');
  const [id, route, service] = [t.required('trip_id'), t.required('route_id'), t.required('service_id')];
  const [short, headsign, shape] = ['trip_short_name', 'trip_headsign', 'shape_id'].map(t.text);
  const direction = t.int('direction_id');
  const block = t.text('block_id');
  const [wheelchair, bikes] = [optionalInt(t, 'wheelchair_accessible'), optionalInt(t, 'bikes_allowed')];
  // Made once stop_times.txt is read (trips are encoded after it).
  const derived = deriveDirections(feed);
  for (const [i, row] of t.rows.entries()) {
    const s = summaries.get(id(row));
    const given = direction(row, i);
    const derivedDirection = given === null ? (derived.get(id(row)) ?? null) : null;
    yield [
      versionId,
      id(row),
      route(row),
      service(row),
      short(row),
      headsign(row),
      given ?? derivedDirection,
      derivedDirection !== null ? 't' : 'f',
      shape(row),
      s?.startSecs ?? null,
      s?.endSecs ?? null,
      s?.firstStopId ?? null,
      s?.lastStopId ?? null,
      tripNumber(id(row)) ?? trainNumberFromShortName(short(row)),
      formatStopTimesHash(s?.hash ?? emptyStopTimesHash()),
      block(row),
      wheelchair(row),
      bikes(row),
    ];
  }
}

/**
 * The digits after the last '-' without leading zeros (`WD-0123` → `123`), or of a trip id that is
 * only digits (Caltrain-style `301`), or null.
 */
export function tripNumber(tripId: string): string | null {
  const match = /(?:^|-)(\d+)$/.exec(tripId);
  return match ? match[1].replace(/^0+(?=\d)/, '') : null;
}

/** A `trip_short_name` that is a train number (`0301` → `301`): how riders and controllers name it. */
function trainNumberFromShortName(short: unknown): string | null {
  return typeof short === 'string' && /^\d+$/.test(short.trim())
    ? short.trim().replace(/^0+(?=\d)/, '')
    : null;
}
