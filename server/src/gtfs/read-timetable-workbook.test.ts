import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildDemoTimetableWorkbook } from './demo-schedule.ts';
import { parseGtfsTime } from './parse-time.ts';
import { readTimetableWorkbook } from './read-timetable-workbook.ts';
import { readGtfsZip } from './read-zip.ts';
import { hasSharedData, SHARED_DATA_DIR } from './shared-data.ts';
import { column, type GtfsTable, type InputProblem } from './tables.ts';
import { buildTwinLocalsWorkbook } from './test-support/twin-locals-workbook.ts';

async function demoWith(change: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await buildDemoTimetableWorkbook()) as never);
  change(wb);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const places = (problems: InputProblem[]) =>
  problems.map((p) => `${p.code} ${p.sheet ?? ''}!${p.cell ?? ''}`);

describe('the demo timetable workbook', () => {
  it('converts without problems: 3 lines × WD/WE × 2 directions, trains past midnight', async () => {
    const { feed, problems } = await readTimetableWorkbook(await buildDemoTimetableWorkbook());
    expect(problems).toEqual([]);
    const trips = feed.get('trips.txt')!;
    expect(trips.rows.length).toBe(40);
    expect(new Set(trips.rows.map((r) => r[0]))).toEqual(new Set(['STH', 'NTH', 'CNTR']));
    expect(feed.get('agency.txt')!.rows[0]).toContain('Africa/Johannesburg');
    const late = feed.get('stop_times.txt')!.rows.filter((r) => r[0] === 'WD-111');
    expect(late[0].slice(1, 4)).toEqual(['23:40:00', '23:40:00', 'CAPE TOWN']);
    expect(late.at(-1)!.slice(1, 5)).toEqual(['24:35:00', '24:35:00', 'FISH HOEK', '9']);
    expect(trips.rows.find((r) => r[2] === 'WD-111')).toEqual([
      'STH',
      'WD',
      'WD-111',
      'Fish Hoek Station',
      '111',
      'sth_out',
    ]);
    expect(feed.get('stop_times.txt')!.origins![0]).toEqual({ sheet: 'STH WD', cell: 'B4' });
  });
});

describe('problems in a timetable workbook, all in one run with their cells', () => {
  it('reports unknown stop, service, shape, duplicate trip, bad times, bad Directory entries', async () => {
    const bytes = await demoWith((wb) => {
      const sth = wb.getWorksheet('STH WD')!;
      sth.getCell('A5').value = 'WOODSTOK';
      sth.getCell('C6').value = '08:59:';
      sth.getCell('D8').value = {
        formula: 'TIME(5,0,0)',
        result: new Date('1899-12-30T05:00:00Z'),
      } as ExcelJS.CellValue;
      sth.getCell('E3').value = 103; // duplicate of C3
      wb.getWorksheet('STH WE')!.getCell('A2').value = 'SU';
      wb.getWorksheet('NTH WD')!.getCell('B2').value = 'no_such_shape';
      const dir = wb.getWorksheet('Directory')!;
      dir.getCell('D1').value = 'Central Lines';
      dir.getCell('B6').value = { text: 'gone', hyperlink: "#'STH XX'!A1" };
      dir.getCell('C6').value = {
        formula: `HYPERLINK("#'NTH WD'!A1","Northern again")`,
        result: 'Northern again',
      } as ExcelJS.CellValue;
    });
    const { problems } = await readTimetableWorkbook(bytes);
    expect(places(problems).sort()).toEqual(
      [
        'duplicate_trip_id STH WD!E3',
        'invalid_time STH WD!C6',
        'missing_sheet Directory!B6',
        'time_goes_backwards STH WD!D8',
        'unknown_route Directory!D1',
        'unknown_service STH WE!A2',
        'unknown_shape NTH WD!B2',
        'unknown_stop STH WD!A5',
      ].sort(),
    );
    for (const p of problems) expect(p.message.length).toBeGreaterThan(40);
    expect(problems.find((p) => p.code === 'invalid_time')!.message).toContain(`'STH WD'!C6`);
  });

  it('reports a missing required sheet and column', async () => {
    const bytes = await demoWith((wb) => {
      wb.removeWorksheet(wb.getWorksheet('AgencyInfo')!.id);
      wb.getWorksheet('Routes')!.getCell('D1').value = 'long_name';
      wb.getWorksheet('CNTR WE')!.getCell('B1').value = '';
    });
    const { problems } = await readTimetableWorkbook(bytes);
    expect(places(problems)).toEqual(
      expect.arrayContaining([
        'missing_required_sheet AgencyInfo!',
        'missing_required_column Routes!A1',
        'missing_required_column CNTR WE!A1',
      ]),
    );
    // Without route_long_name no Directory column can be matched: each one is reported.
    expect(problems.filter((p) => p.code === 'unknown_route').length).toBe(3);
  });

  it('reports merged cells, formulas without a saved value and wrong cell types', async () => {
    const bytes = await demoWith((wb) => {
      const ws = wb.getWorksheet('NTH WE')!;
      ws.mergeCells('B6:C6');
      ws.getCell('B8').value = { formula: 'B7+1' } as ExcelJS.CellValue;
      ws.getCell('B9').value = true;
      ws.getCell('C9').value = new Date('2026-03-01T00:00:00Z');
      ws.getCell('C10').value = 530;
    });
    const { problems } = await readTimetableWorkbook(bytes);
    expect(places(problems).sort()).toEqual(
      [
        'formula_without_value NTH WE!B8',
        'merged_cells NTH WE!B6',
        'wrong_cell_type NTH WE!B9',
        'wrong_cell_type NTH WE!C9',
        'wrong_cell_type NTH WE!C10',
      ].sort(),
    );
  });

  it('stays fast with 100 000 formatted empty rows and stops at the last used one', async () => {
    const bytes = await demoWith((wb) => {
      const ws = wb.getWorksheet('CNTR WD')!;
      for (let r = 20; r < 100_020; r++) ws.getCell(r, 1).numFmt = '@';
    });
    const { feed, problems } = await readTimetableWorkbook(bytes);
    expect(problems).toEqual([]);
    expect(feed.get('trips.txt')!.rows.length).toBe(40);
  });

  it('reads a timetable without a Directory as missing Directory, and reports unlinked timetables', async () => {
    const bytes = await demoWith((wb) => wb.removeWorksheet(wb.getWorksheet('Directory')!.id));
    const { problems } = await readTimetableWorkbook(bytes);
    expect(problems[0].code).toBe('missing_required_sheet');
    expect(problems.filter((p) => p.code === 'timetable_not_in_directory').length).toBe(12);
  });
});

describe('a Directory naming routes whose route_long_name repeats', () => {
  const routeOfTrip = (feed: Map<string, GtfsTable>) => {
    const trips = feed.get('trips.txt')!;
    return Object.fromEntries(
      trips.rows.map((r) => [r[column(trips, 'trip_id')], r[column(trips, 'route_id')]]),
    );
  };

  it('refuses "Local" for L1 and L2 alike, naming each cell and both route_ids', async () => {
    const { problems } = await readTimetableWorkbook(await buildTwinLocalsWorkbook(['Local', 'Local']));
    expect(problems.map((p) => [p.code, p.sheet, p.cell, p.message])).toEqual(
      ['B1', 'C1'].map((cell) => [
        'ambiguous_route',
        'Directory',
        cell,
        `Directory!${cell} names the route "Local", which is the route_long_name of 2 routes in the Routes sheet (route_id "L1" and "L2"). Type the route_id instead, in one column per route.`,
      ]),
    );
  });

  it('puts each train on the route_id its column names', async () => {
    const { feed, problems } = await readTimetableWorkbook(await buildTwinLocalsWorkbook(['L1', 'L2']));
    expect(problems).toEqual([]);
    expect(routeOfTrip(feed)).toEqual({ 'WD-101': 'L1', 'WD-103': 'L1', 'WE-421': 'L2', 'WE-423': 'L2' });
  });

  it('takes a route_id before a route_long_name, and a name that is unique', async () => {
    const bytes = await demoWith((wb) => {
      // Route STH's long name is "CNTR" now: the head "CNTR" still means route CNTR, by its id.
      wb.getWorksheet('Routes')!.getCell('D2').value = 'CNTR';
      const dir = wb.getWorksheet('Directory')!;
      dir.getCell('B1').value = 'STH';
      dir.getCell('D1').value = 'CNTR';
    });
    const { feed, problems } = await readTimetableWorkbook(bytes);
    expect(problems).toEqual([]);
    const routes = routeOfTrip(feed);
    expect([routes['WD-101'], routes['WD-301'], routes['WD-501']]).toEqual(['STH', 'NTH', 'CNTR']);
  });
});

describe.skipIf(!hasSharedData('workbooks'))('the real PRASA Western Cape workbooks', () => {
  const stopTimesByTrip = (t: GtfsTable) => {
    const [trip, arrival, stop, seq] = ['trip_id', 'arrival_time', 'stop_id', 'stop_sequence'].map((f) =>
      column(t, f),
    );
    const out = new Map<string, string[]>();
    for (const row of t.rows) {
      const key = `${row[trip]}#${Number(row[seq])}`;
      const seconds = parseGtfsTime(row[arrival]);
      out.set(key, [row[stop], seconds === undefined ? row[arrival] : String(seconds)]);
    }
    return out;
  };

  it('converts to the same 459 trips and stop_times as original/gtfs.zip', async () => {
    const { feed, problems } = await readTimetableWorkbook(
      readFileSync(`${SHARED_DATA_DIR}workbooks/prasa-western-cape.xlsx`),
    );
    expect(problems).toEqual([]);
    const original = readGtfsZip(readFileSync(`${SHARED_DATA_DIR}original/gtfs.zip`)).feed;
    const ids = (t: GtfsTable) => t.rows.map((r) => r[column(t, 'trip_id')]).sort();
    expect(ids(feed.get('trips.txt')!).length).toBe(459);
    expect(ids(feed.get('trips.txt')!)).toEqual(ids(original.get('trips.txt')!));
    const mine = stopTimesByTrip(feed.get('stop_times.txt')!);
    const theirs = stopTimesByTrip(original.get('stop_times.txt')!);
    expect(mine.size).toBe(6511);
    expect([...mine.keys()].sort()).toEqual([...theirs.keys()].sort());
    const differing = [...theirs].filter(([key, value]) => mine.get(key)!.join() !== value.join());
    // Only the original's malformed time differs: the clean workbook has a real time there.
    expect(differing.map(([key, value]) => [key, ...value])).toEqual([['WD-9916#6', 'MUTUAL', '08:59:']]);
    for (const f of ['routes.txt', 'stops.txt', 'calendar.txt']) {
      expect(feed.get(f)!.rows.length, f).toBe(original.get(f)!.rows.length);
    }
  });

  it('reports the malformed 08:59: of WD-9916 at MUTUAL with its sheet and cell', async () => {
    const { problems, feed } = await readTimetableWorkbook(
      readFileSync(`${SHARED_DATA_DIR}workbooks/prasa-western-cape-with-error.xlsx`),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'invalid_time', sheet: 'CNTR WD (2)', cell: 'R25' }),
    ]);
    expect(problems[0].message).toContain('08:59:');
    expect(problems[0].message).toContain('MUTUAL');
    const trips = feed.get('trips.txt')!;
    const origin = trips.origins![trips.rows.findIndex((r) => r[2] === 'WD-9916')];
    expect(origin).toEqual({ sheet: 'CNTR WD (2)', cell: 'R3' });
  });
});
