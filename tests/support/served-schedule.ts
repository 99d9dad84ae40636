import { parseGtfsCsv } from '@feeddesk/server/schedule/test-support/make-feed';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { HttpClient } from './http-client.ts';

/** The served gtfs.zip, each file parsed: what a journey planner downloads. */
export type ServedSchedule = Map<string, { header: string[]; rows: string[][] }>;

export async function servedSchedule(client: HttpClient): Promise<ServedSchedule> {
  const res = await client.get('/static/shared/gtfs.zip');
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return new Map(
    Object.entries(files).map(([name, bytes]) => [name, parseGtfsCsv(name, Buffer.from(bytes))]),
  );
}

/** One field of a row of a served file. */
export const fieldOf = (feed: ServedSchedule, file: string, row: string[], field: string) =>
  row[feed.get(file)!.header.indexOf(field)] ?? '';

/** Whether a trip runs on a date by calendar.txt and calendar_dates.txt, as any GTFS consumer reads them. */
export function runsOn(feed: ServedSchedule, tripId: string, date: string): boolean {
  const trip = feed.get('trips.txt')!.rows.find((r) => fieldOf(feed, 'trips.txt', r, 'trip_id') === tripId);
  if (!trip) return false;
  const service = fieldOf(feed, 'trips.txt', trip, 'service_id');
  const exception = feed
    .get('calendar_dates.txt')
    ?.rows.find(
      (r) =>
        fieldOf(feed, 'calendar_dates.txt', r, 'service_id') === service &&
        fieldOf(feed, 'calendar_dates.txt', r, 'date') === date,
    );
  if (exception) return fieldOf(feed, 'calendar_dates.txt', exception, 'exception_type') === '1';
  const cal = feed
    .get('calendar.txt')
    ?.rows.find((r) => fieldOf(feed, 'calendar.txt', r, 'service_id') === service);
  if (!cal) return false;
  const c = (f: string) => fieldOf(feed, 'calendar.txt', cal, f);
  if (date < c('start_date') || date > c('end_date')) return false;
  const day = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T12:00:00Z`).getUTCDay();
  return c(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][day]!) === '1';
}

/** A trip's calls in stop_sequence order, as `STOP HH:MM:SS` at the given time column. */
export const callsOf = (
  feed: ServedSchedule,
  tripId: string,
  time: 'arrival_time' | 'departure_time' = 'departure_time',
) =>
  feed
    .get('stop_times.txt')!
    .rows.filter((r) => fieldOf(feed, 'stop_times.txt', r, 'trip_id') === tripId)
    .sort(
      (a, b) =>
        Number(fieldOf(feed, 'stop_times.txt', a, 'stop_sequence')) -
        Number(fieldOf(feed, 'stop_times.txt', b, 'stop_sequence')),
    )
    .map(
      (r) => `${fieldOf(feed, 'stop_times.txt', r, 'stop_id')} ${fieldOf(feed, 'stop_times.txt', r, time)}`,
    );

export const tripIdsOf = (feed: ServedSchedule) =>
  feed.get('trips.txt')!.rows.map((r) => fieldOf(feed, 'trips.txt', r, 'trip_id'));
