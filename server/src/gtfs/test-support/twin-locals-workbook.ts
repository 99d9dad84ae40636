/**
 * A Caltrain-like timetable workbook in America/Los_Angeles with what Caltrain's real
 * timetable: two routes whose route_long_name is "Local" (L1 on weekdays, L2 at weekends) and a
 * station, Palo Alto, whose two platforms share one name ("Palo Alto Caltrain Station") and whose
 * trains call at the platforms, never at the station itself.
 *
 * L1 weekday trains 101 and 103 run south San Francisco → Palo Alto (platform 70172) → San Jose;
 * L2 weekend trains 421 and 423 run north San Jose → Palo Alto (platform 70171) → San Francisco.
 */
import type ExcelJS from 'exceljs';
import { excelJs } from '../exceljs-on-demand.ts';
import { DIRECTORY_SHEET, TRAIN_NO } from '../read-timetable-workbook.ts';

export const TWIN_LOCALS_ZONE = 'America/Los_Angeles';

/** Row 1 of the Directory: how the two Local columns name their route. */
export type DirectoryHeads = [string, string];

export const TWIN_LOCALS_STOPS = [
  // stop_id, stop_name, location_type, parent_station, lat, lon
  ['SF', 'San Francisco', '0', '', 37.7764, -122.3943],
  ['palo_alto', 'Palo Alto', '1', '', 37.4432, -122.1643],
  ['70171', 'Palo Alto Caltrain Station', '0', 'palo_alto', 37.4435, -122.1646],
  ['70172', 'Palo Alto Caltrain Station', '0', 'palo_alto', 37.4434, -122.1647],
  ['SJ', 'San Jose Diridon', '0', '', 37.3297, -121.9026],
] as const;

function addSheet(wb: ExcelJS.Workbook, name: string, header: string[], rows: (string | number)[][]) {
  const ws = wb.addWorksheet(name);
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
}

function addTimetable(
  wb: ExcelJS.Workbook,
  name: string,
  service: string,
  stops: string[],
  trains: [number, string[]][],
) {
  const ws = wb.addWorksheet(name);
  ws.getCell('A1').value = 'Service';
  ws.getCell('B1').value = 'Shape';
  ws.getCell('A2').value = service;
  ws.getCell('A3').value = TRAIN_NO;
  stops.forEach((stop, i) => {
    ws.getCell(4 + i, 1).value = stop;
  });
  trains.forEach(([number, times], t) => {
    ws.getCell(3, 2 + t).value = number;
    times.forEach((time, i) => {
      ws.getCell(4 + i, 2 + t).value = time;
    });
  });
}

/** The workbook; `heads` defaults to the route_ids, the only heads that tell L1 from L2. */
export async function buildTwinLocalsWorkbook(heads: DirectoryHeads = ['L1', 'L2']): Promise<Uint8Array> {
  const wb = new (await excelJs()).Workbook();
  addSheet(
    wb,
    'AgencyInfo',
    ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang'],
    [['CT', 'Peninsula Twin Locals', 'https://example.org/twin-locals', TWIN_LOCALS_ZONE, 'en']],
  );
  addSheet(
    wb,
    'Routes',
    ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type', 'route_color'],
    [
      ['L1', 'CT', 'L1', 'Local', '2', 'C5C5C5'],
      ['L2', 'CT', 'L2', 'Local', '2', 'C5C5C5'],
    ],
  );
  addSheet(
    wb,
    'Services',
    [
      'service_id',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
      'start_date',
      'end_date',
    ],
    [
      ['WD', '1', '1', '1', '1', '1', '0', '0', '20250101', '20291231'],
      ['WE', '0', '0', '0', '0', '0', '1', '1', '20250101', '20291231'],
    ],
  );
  addSheet(
    wb,
    'Stops',
    ['stop_id', 'stop_name', 'location_type', 'parent_station', 'stop_lat', 'stop_lon'],
    TWIN_LOCALS_STOPS.map((s) => [...s]),
  );
  addTimetable(
    wb,
    'L1 WD',
    'WD',
    ['SF', '70172', 'SJ'],
    [
      [101, ['06:00', '06:40', '07:10']],
      [103, ['07:00', '07:40', '08:10']],
    ],
  );
  addTimetable(
    wb,
    'L2 WE',
    'WE',
    ['SJ', '70171', 'SF'],
    [
      [421, ['08:00', '08:30', '09:10']],
      [423, ['09:00', '09:30', '10:10']],
    ],
  );
  const directory = wb.addWorksheet(DIRECTORY_SHEET);
  directory.getCell('A1').value = 'Timetables';
  directory.getCell('B1').value = heads[0];
  directory.getCell('B2').value = { text: 'Local weekdays', hyperlink: "#'L1 WD'!A1" };
  directory.getCell('C1').value = heads[1];
  directory.getCell('C2').value = { text: 'Local weekends', hyperlink: "#'L2 WE'!A1" };
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
