import { strToU8, zipSync } from 'fflate';

/**
 * A Caltrain-like corridor in America/Los_Angeles whose GTFS gives no direction_id: the
 * Local (L1) and the Bullet (B7) run between San Francisco, Palo Alto, San Jose Diridon and Gilroy;
 * northbound trains have odd numbers and call at the stations' NB platforms, southbound even
 * numbers and SB platforms. Weekdays of 2025–2026.
 */
export const CORRIDOR_ZONE = 'America/Los_Angeles';
export const NORTHBOUND = ['101', '103', '701'];
export const SOUTHBOUND = ['102', '104', '702'];

const STATIONS = [
  ['SFC', 'San Francisco'],
  ['PAL', 'Palo Alto'],
  ['SJD', 'San Jose Diridon'],
] as const;

/** `train route stop@HH:MM …`: northbound from the south, southbound from San Francisco. */
const TRAINS = [
  '101 L1 SJD-N@06:00 PAL-N@06:30 SFC-N@07:10',
  '103 L1 GIL@06:10 SJD-N@06:50 PAL-N@07:20 SFC-N@08:00',
  '701 B7 SJD-N@07:00 SFC-N@07:45',
  '102 L1 SFC-S@06:05 PAL-S@06:45 SJD-S@07:20',
  '104 L1 SFC-S@07:05 PAL-S@07:45 SJD-S@08:20 GIL@09:00',
  '702 B7 SFC-S@07:30 SJD-S@08:12',
];

export function corridorFiles(): Record<string, string> {
  const trains = TRAINS.map((line) => line.split(' '));
  return {
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nPCR,Peninsula Corridor Rail,https://example.org,${CORRIDOR_ZONE}`,
    'routes.txt':
      'route_id,agency_id,route_short_name,route_long_name,route_type\nL1,PCR,L1,Local,2\nB7,PCR,B7,Bullet,2',
    'stops.txt': [
      'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station',
      ...STATIONS.flatMap(([id, name], i) => [
        `${id},${name},${37.77 - i * 0.2},${-122.39 + i * 0.1},1,`,
        `${id}-N,${name} Northbound,${37.77 - i * 0.2},${-122.39 + i * 0.1},0,${id}`,
        `${id}-S,${name} Southbound,${37.77 - i * 0.2},${-122.39 + i * 0.1},0,${id}`,
      ]),
      'GIL,Gilroy,37.0,-121.56,0,',
    ].join('\n'),
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20250101,20261231',
    'trips.txt': [
      'route_id,service_id,trip_id,trip_short_name',
      ...trains.map(([train, route]) => `${route},WD,${train},${train}`),
    ].join('\n'),
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      ...trains.flatMap(([train, , ...calls]) =>
        calls.map((call, i) => {
          const [stop, time] = call.split('@');
          return `${train},${time}:00,${time}:00,${stop},${i + 1}`;
        }),
      ),
    ].join('\n'),
  };
}

export function corridorZip(): Uint8Array {
  return zipSync(
    Object.fromEntries(Object.entries(corridorFiles()).map(([name, text]) => [name, strToU8(text)])),
  );
}

/** A local time of Tuesday 23 September 2025 on the corridor (PDT, UTC−7). */
export const corridorTime = (hhmm: string) => new Date(`2025-09-23T${hhmm}:00-07:00`);
