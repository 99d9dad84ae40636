/**
 * A small Cape Town-flavoured rail network in the operator's timetable workbook format, for
 * demos and first runs: three lines, weekday (WD) and weekend (WE) services, both directions,
 * and late Southern Line trains that run past midnight (23:40 → 24:35). Cape Town is a station with
 * three platforms (stop CAPE TOWN is platform 1, where the timetables call), so a controller can move a
 * train to another platform.
 */
import type ExcelJS from 'exceljs';
import { excelJs } from './exceljs-on-demand.ts';
import { FILE, sheetOf } from './files.ts';
import { DIRECTORY_SHEET, TRAIN_NO } from './read-timetable-workbook.ts';

type Station = { id: string; name: string; lat: number; lon: number; zone: string };
type Line = {
  id: string;
  name: string;
  color: string;
  textColor: string;
  code: string;
  stations: Station[];
  /** Minutes from the first station to each station, outbound. */
  minutes: number[];
  /** First train number, outbound odd, inbound even. */
  firstTrain: number;
  departures: { WD: string[]; WE: string[] };
};

const st = (id: string, lat: number, lon: number, zone = '1'): Station => ({
  id,
  name: `${id.charAt(0)}${id
    .slice(1)
    .toLowerCase()
    .replace(/ (\w)/g, (_, c: string) => ` ${c.toUpperCase()}`)} Station`,
  lat,
  lon,
  zone,
});

const CAPE_TOWN = st('CAPE TOWN', -33.92226, 18.4253);
const WOODSTOCK = st('WOODSTOCK', -33.92545, 18.44571);
const SALT_RIVER = st('SALT RIVER', -33.92735, 18.46435);
/** The station CAPE TOWN (platform 1) belongs to, and its other platforms. */
const CAPE_TOWN_STATION = { id: 'CPT', name: 'Cape Town' };
const CAPE_TOWN_PLATFORMS: Station[] = [2, 3].map((n) => ({
  ...CAPE_TOWN,
  id: `CAPE TOWN ${n}`,
  name: `Cape Town Platform ${n}`,
}));

const LINES: Line[] = [
  {
    id: 'STH',
    name: 'Southern Line',
    color: 'E2231A',
    textColor: 'FFFFFF',
    code: 'STH',
    stations: [
      CAPE_TOWN,
      WOODSTOCK,
      SALT_RIVER,
      st('OBSERVATORY', -33.93798, 18.47151),
      st('RONDEBOSCH', -33.96217, 18.47235),
      st('CLAREMONT', -33.98121, 18.4656, '2'),
      st('WYNBERG', -34.00262, 18.46765, '2'),
      st('RETREAT', -34.05838, 18.476, '2'),
      st('MUIZENBERG', -34.1084, 18.4701, '3'),
      st('FISH HOEK', -34.1363, 18.43227, '3'),
    ],
    minutes: [0, 3, 6, 9, 15, 20, 25, 35, 45, 55],
    firstTrain: 101,
    departures: {
      WD: ['05:30', '06:30', '07:15', '16:45', '22:30', '23:40'],
      WE: ['07:00', '12:00', '23:40'],
    },
  },
  {
    id: 'NTH',
    name: 'Northern Line',
    color: '00843D',
    textColor: 'FFFFFF',
    code: 'NTH',
    stations: [
      CAPE_TOWN,
      WOODSTOCK,
      SALT_RIVER,
      st('MAITLAND', -33.9217, 18.4908),
      st('GOODWOOD', -33.9118, 18.5451, '2'),
      st('PAROW', -33.9015, 18.5851, '2'),
      st('BELLVILLE', -33.8962, 18.6293, '2'),
      st('KUILS RIVER', -33.9248, 18.6846, '3'),
      st('EERSTE RIVER', -33.9674, 18.7203, '3'),
    ],
    minutes: [0, 3, 6, 10, 18, 23, 30, 40, 47],
    firstTrain: 301,
    departures: { WD: ['05:10', '06:05', '07:00', '17:10'], WE: ['08:10', '14:10'] },
  },
  {
    id: 'CNTR',
    name: 'Central Line',
    color: 'F7A800',
    textColor: '000000',
    code: 'CNTR',
    stations: [
      CAPE_TOWN,
      st('ESPLANADE', -33.9176, 18.4342),
      st('MUTUAL', -33.9273, 18.5105),
      st('LANGA', -33.9422, 18.5247, '2'),
      st('NYANGA', -33.9903, 18.5764, '2'),
      st('PHILIPPI', -34.0045, 18.6002, '3'),
      st('KHAYELITSHA', -34.0364, 18.6741, '3'),
    ],
    minutes: [0, 4, 14, 19, 28, 33, 42],
    firstTrain: 501,
    departures: { WD: ['05:00', '06:20', '17:30'], WE: ['09:00', '15:00'] },
  },
];

const SERVICES = [
  { id: 'WD', days: [1, 1, 1, 1, 1, 0, 0] },
  { id: 'WE', days: [0, 0, 0, 0, 0, 1, 1] },
];

/** Excel time of day as exceljs writes it: a UTC Date on 1899-12-30 (wrapped, as planners type it). */
function excelTime(minutesOfDay: number): Date {
  return new Date(Date.UTC(1899, 11, 30) + (minutesOfDay % 1440) * 60_000);
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

function addSheet(wb: ExcelJS.Workbook, name: string, header: string[], rows: (string | number)[][]): void {
  const ws = wb.addWorksheet(name);
  ws.addRow(header).font = { bold: true };
  for (const row of rows) ws.addRow(row);
}

/**
 * `timezone`: the agency's zone (Africa/Johannesburg); tests run the same network in a zone far
 * from the operator's to prove no screen or feed mixes the two up.
 */
export async function buildDemoTimetableWorkbook(options: { timezone?: string } = {}): Promise<Uint8Array> {
  const wb = new (await excelJs()).Workbook();
  wb.creator = 'Feed Desk';
  addSheet(
    wb,
    sheetOf(FILE.agency),
    ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang', 'agency_phone'],
    [
      [
        'DEMO',
        'Demo Metrorail Western Cape',
        'https://example.org/metrorail',
        options.timezone ?? 'Africa/Johannesburg',
        'en',
        '+27 21 000 0000',
      ],
    ],
  );
  addSheet(
    wb,
    sheetOf(FILE.feedInfo),
    [
      'feed_publisher_name',
      'feed_publisher_url',
      'feed_lang',
      'feed_start_date',
      'feed_end_date',
      'feed_version',
    ],
    [['Feed Desk demo', 'https://example.org/feed-desk', 'en', '20240101', '20281231', 'demo-1']],
  );
  addSheet(
    wb,
    sheetOf(FILE.routes),
    [
      'route_id',
      'agency_id',
      'route_short_name',
      'route_long_name',
      'route_type',
      'route_color',
      'route_text_color',
    ],
    LINES.map((l) => [l.id, 'DEMO', l.code, l.name, '2', l.color, l.textColor]),
  );
  addSheet(
    wb,
    sheetOf(FILE.calendar),
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
    SERVICES.map((s) => [s.id, ...s.days.map(String), '20240101', '20281231']),
  );
  addSheet(wb, sheetOf(FILE.calendarDates), ['service_id', 'date', 'exception_type'], []);
  const shapes: (string | number)[][] = [];
  for (const line of LINES) {
    for (const [suffix, stations] of [
      ['out', line.stations],
      ['in', [...line.stations].reverse()],
    ] as const) {
      stations.forEach((s, i) => {
        shapes.push([`${line.id.toLowerCase()}_${suffix}`, String(s.lat), String(s.lon), String(i + 1)]);
      });
    }
  }
  addSheet(
    wb,
    sheetOf(FILE.shapes),
    ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
    shapes,
  );
  const stations = new Map<string, Station>();
  for (const line of LINES) for (const s of line.stations) stations.set(s.id, s);
  const stop = (s: Station, parent = '') => [s.id, s.name, String(s.lat), String(s.lon), s.zone, '0', parent];
  addSheet(
    wb,
    sheetOf(FILE.stops),
    ['stop_id', 'stop_name', 'stop_lat', 'stop_lon', 'zone_id', 'location_type', 'parent_station'],
    [
      ...[...stations.values()].map((s) => stop(s, s.id === CAPE_TOWN.id ? CAPE_TOWN_STATION.id : '')),
      [
        CAPE_TOWN_STATION.id,
        CAPE_TOWN_STATION.name,
        String(CAPE_TOWN.lat),
        String(CAPE_TOWN.lon),
        '1',
        '1',
        '',
      ],
      ...CAPE_TOWN_PLATFORMS.map((p) => stop(p, CAPE_TOWN_STATION.id)),
    ],
  );

  const directory = wb.addWorksheet(DIRECTORY_SHEET);
  directory.getCell('A1').value = 'Timetables';
  directory.getCell('A1').font = { bold: true };
  LINES.forEach((line, i) => {
    const col = i + 2;
    directory.getCell(1, col).value = line.name;
    directory.getCell(1, col).font = { bold: true };
    directory.getColumn(col).width = 28;
    let row = 2;
    for (const service of SERVICES) {
      for (const outbound of [true, false]) {
        const sheetName = `${line.code} ${service.id}${outbound ? '' : ' (2)'}`;
        directory.getCell(row++, col).value = {
          text: `${line.name} ${service.id} ${outbound ? 'from' : 'to'} Cape Town`,
          hyperlink: `#'${sheetName}'!A1`,
        };
        addTimetable(wb, sheetName, line, service.id as 'WD' | 'WE', outbound);
      }
    }
  });
  const buffer = await wb.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

function addTimetable(
  wb: ExcelJS.Workbook,
  name: string,
  line: Line,
  service: 'WD' | 'WE',
  outbound: boolean,
): void {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 1, ySplit: 3 }] });
  ws.getCell('A1').value = 'Service';
  ws.getCell('B1').value = 'Shape';
  ws.getCell('A2').value = service;
  ws.getCell('B2').value = `${line.id.toLowerCase()}_${outbound ? 'out' : 'in'}`;
  ws.getCell('A3').value = TRAIN_NO;
  ws.getColumn(1).width = 16;
  const stations = outbound ? line.stations : [...line.stations].reverse();
  const total = line.minutes[line.minutes.length - 1];
  const offsets = outbound ? line.minutes : [...line.minutes].reverse().map((m) => total - m);
  stations.forEach((s, i) => {
    ws.getCell(4 + i, 1).value = s.id;
  });
  const base = line.firstTrain + (service === 'WE' ? 50 : 0) + (outbound ? 0 : 1);
  line.departures[service].forEach((departure, t) => {
    const col = 2 + t;
    ws.getCell(3, col).value = base + 2 * t;
    // Inbound trains start their run 10 minutes later than the outbound one of the same slot.
    const start = minutesOf(departure) + (outbound ? 0 : 10);
    stations.forEach((_, i) => {
      const cell = ws.getCell(4 + i, col);
      // The Northern Line skips Woodstock off-peak: `..` = no call, as in the operator's sheets.
      if (
        line.id === 'NTH' &&
        i > 0 &&
        i < stations.length - 1 &&
        stations[i].id === 'WOODSTOCK' &&
        t % 2 === 1
      ) {
        cell.value = '..';
        return;
      }
      cell.value = excelTime(start + offsets[i]);
      cell.numFmt = 'hh:mm';
    });
  });
}
