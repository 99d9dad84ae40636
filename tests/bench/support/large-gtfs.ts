import { strToU8, zipSync } from 'fflate';

/**
 * A synthetic GTFS zip of `trips` trips × `stopsPerTrip` stop times (default 30 000 × 30 =
 * 900 000 stop_times), for the load benchmark when the shared Renfe feed is absent.
 */
export function generateLargeGtfsZip(trips = 30_000, stopsPerTrip = 30): Uint8Array {
  const routes = 20;
  const stops = 400;
  const lines = {
    agency: [
      'agency_id,agency_name,agency_url,agency_timezone',
      'BENCH,Bench Rail,https://example.org,Africa/Johannesburg',
    ],
    routes: ['route_id,agency_id,route_short_name,route_long_name,route_type'],
    stops: ['stop_id,stop_name,stop_lat,stop_lon'],
    calendar: [
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
      'ALL,1,1,1,1,1,1,1,20260101,20271231',
    ],
    trips: ['route_id,service_id,trip_id'],
    stopTimes: ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'],
  };
  for (let r = 0; r < routes; r++) lines.routes.push(`R${r},BENCH,${r},Bench line ${r},2`);
  for (let s = 0; s < stops; s++)
    lines.stops.push(
      `S${s},Bench stop ${s},${(-33.9 - s / 1000).toFixed(4)},${(18.4 + s / 1000).toFixed(4)}`,
    );
  const hhmmss = (secs: number) =>
    [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
  for (let t = 0; t < trips; t++) {
    const route = t % routes;
    lines.trips.push(`R${route},ALL,T${t}`);
    const start = 4 * 3600 + ((t * 37) % (19 * 3600));
    const first = (route * 20) % stops;
    for (let i = 0; i < stopsPerTrip; i++) {
      const time = hhmmss(start + i * 180);
      lines.stopTimes.push(`T${t},${time},${time},S${(first + i) % stops},${i + 1}`);
    }
  }
  const file = (rows: string[]) => strToU8(`${rows.join('\n')}\n`);
  return zipSync({
    'agency.txt': file(lines.agency),
    'routes.txt': file(lines.routes),
    'stops.txt': file(lines.stops),
    'calendar.txt': file(lines.calendar),
    'trips.txt': file(lines.trips),
    'stop_times.txt': file(lines.stopTimes),
  });
}
