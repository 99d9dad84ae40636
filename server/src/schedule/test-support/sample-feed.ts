import { makeFeed } from './make-feed.ts';

/**
 * A small commuter line in Africa/Johannesburg. WD runs Mon–Fri, but not on Wednesday
 * 2025-09-24 (Heritage Day), when HOL runs instead. WD-9001 passes midnight (23:50 → 24:35).
 */
export const sampleFiles: Record<string, string> = {
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone\nMR,Metrorail,https://example.org,Africa/Johannesburg',
  'routes.txt': [
    'route_id,agency_id,route_short_name,route_long_name,route_type,route_color',
    'NTH,MR,N,Northern Line,2,#FF0000',
    'STH,MR,S,Southern Line,2,00AA00',
    'CTL,MR,C,,2,',
  ].join('\n'),
  'stops.txt': [
    'stop_id,stop_name,stop_lat,stop_lon',
    'CPT,Cape Town,-33.92,18.42',
    'BLV,Bellville,-33.90,18.63',
    'EER,Eerste River,-34.01,18.72',
    'ODD,Platform 100%_A\\B,-34.0,18.5',
  ].join('\n'),
  'calendar.txt': [
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
    'WD,1,1,1,1,1,0,0,20250101,20261231',
    'WE,0,0,0,0,0,1,0,20250101,20261231',
  ].join('\n'),
  'calendar_dates.txt': 'service_id,date,exception_type\nWD,20250924,2\nHOL,20250924,1',
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    'NTH,WD,WD-0123,Cape Town,0',
    'NTH,WD,WD-1234,Cape Town,0',
    'NTH,WD,WD-2300,Cape Town,0',
    'STH,WD,WD-9001,Eerste River,1',
    'NTH,WE,WE-2300,Cape Town,0',
    'NTH,HOL,HOL-0500,Cape Town,0',
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'WD-0123,06:00:00,06:00:00,EER,1',
    'WD-0123,06:30:00,06:31:00,BLV,2',
    'WD-0123,07:00:00,07:00:00,CPT,3',
    'WD-1234,08:00:00,08:00:00,EER,1',
    'WD-1234,09:00:00,09:00:00,CPT,2',
    'WD-2300,4:55:00,04:55:00,EER,0',
    'WD-2300,05:30:00,05:30:00,BLV,1',
    // out of order on purpose: start/end come from the sequence, not the line order
    'WD-9001,24:35:00,24:35:00,EER,20',
    'WD-9001,23:50:00,23:50:00,CPT,10',
    'WE-2300,10:00:00,10:00:00,EER,1',
    'WE-2300,11:00:00,11:00:00,CPT,2',
    'HOL-0500,05:00:00,05:00:00,EER,1',
    'HOL-0500,06:00:00,06:00:00,CPT,2',
  ].join('\n'),
};

/**
 * The sample line, changed as a planner's next timetable might be: WD-1234 dropped, WD-1500 and
 * the Southern WD-7000 added, WD-0123 five minutes later at Bellville, the stop ODD closed and
 * MUI opened, weekend trains on Sundays too, no WD trains on 16 December, a Christmas service.
 */
export const changedSampleFiles: Record<string, string> = {
  'stops.txt': sampleFiles['stops.txt']!.replace(/\nODD,[^\n]*/, '\nMUI,Muizenberg,-34.1,18.47'),
  'trips.txt': sampleFiles['trips.txt']!.replace(
    'NTH,WD,WD-1234,Cape Town,0',
    'NTH,WD,WD-1500,Cape Town,0',
  ).concat('\nSTH,WD,WD-7000,Muizenberg,1'),
  'stop_times.txt': sampleFiles['stop_times.txt']!.replace(
    'WD-0123,06:30:00,06:31:00,BLV,2',
    'WD-0123,06:35:00,06:36:00,BLV,2',
  )
    .replace(
      'WD-1234,08:00:00,08:00:00,EER,1\nWD-1234,09:00:00,09:00:00,CPT,2',
      'WD-1500,15:00:00,15:00:00,EER,1\nWD-1500,16:00:00,16:00:00,CPT,2',
    )
    .concat('\nWD-7000,07:00:00,07:00:00,CPT,1\nWD-7000,07:40:00,07:40:00,MUI,2'),
  'calendar.txt': sampleFiles['calendar.txt']!.replace('WE,0,0,0,0,0,1,0', 'WE,0,0,0,0,0,1,1'),
  'calendar_dates.txt': `${sampleFiles['calendar_dates.txt']}\nWD,20251216,2\nXMAS,20251225,1`,
};

export function sampleFeed(overrides: Record<string, string> = {}) {
  return makeFeed({ ...sampleFiles, ...overrides });
}

/** Africa/Johannesburg is UTC+2 all year. */
export function jnb(localIso: string): Date {
  return new Date(`${localIso}+02:00`);
}
