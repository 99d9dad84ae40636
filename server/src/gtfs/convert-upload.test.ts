import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convertUpload } from './convert-upload.ts';
import { buildDemoTimetableWorkbook } from './demo-schedule.ts';
import { detectInput } from './detect-input.ts';
import { hasSharedData, SHARED_DATA_DIR } from './shared-data.ts';

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

describe('convertUpload tells the kind from the content', () => {
  it('a timetable workbook', async () => {
    const result = await convertUpload(await buildDemoTimetableWorkbook());
    expect(result.kind).toBe('timetable_workbook');
    expect(result.problems).toEqual([]);
  });

  it('a plain workbook, with sheets named stops or stops.txt', async () => {
    const bytes = await workbook((wb) => {
      const agency = wb.addWorksheet('agency');
      agency.addRow(['agency_id', 'agency_name']);
      agency.addRow(['A', 'Metrorail']);
      const stops = wb.addWorksheet('Stops.txt');
      stops.addRow(['stop_id', 'stop_name']);
      stops.addRow(['CAPE TOWN', 'Cape Town']);
      wb.addWorksheet('Notes').addRow(['not part of the feed']);
    });
    const result = await convertUpload(bytes);
    expect(result.kind).toBe('plain_workbook');
    expect(result.problems).toEqual([]);
    expect([...result.feed.keys()]).toEqual(['agency.txt', 'stops.txt']);
    expect(result.feed.get('stops.txt')!.origins![0]).toEqual({ sheet: 'Stops.txt', cell: 'A2' });
  });

  it('a GTFS zip, whatever it is called', async () => {
    const result = await convertUpload(zipSync({ 'agency.txt': strToU8('agency_id\nA\n') }));
    expect(result.kind).toBe('gtfs_zip');
    expect(result.feed.get('agency.txt')!.rows).toEqual([['A']]);
  });

  it('gives clear problems for an empty file, a CSV, an old .xls, a zip posing as xlsx and an xlsx bomb', async () => {
    expect((await convertUpload(new Uint8Array(0))).problems[0].code).toBe('empty_file');
    const csv = await convertUpload(strToU8('stop_id,stop_name\n'));
    expect(csv.problems[0].message).toMatch(/not a zip archive.*text file/);
    const xls = await convertUpload(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    expect(xls.problems[0].code).toBe('old_excel_format');
    const fake = zipSync({ 'xl/workbook.xml': strToU8('<nonsense/>') });
    expect(detectInput(fake)).toBe('xlsx');
    const fakeResult = await convertUpload(fake);
    expect(fakeResult.problems.map((p) => p.code)).toEqual(['unreadable_workbook']);
    const bomb = zipSync({ 'xl/workbook.xml': strToU8('<x/>'), 'xl/big.xml': new Uint8Array(3_000_000) });
    const bombResult = await convertUpload(bomb, { maxUnzippedBytes: 1_000_000 });
    expect(bombResult.problems.map((p) => p.code)).toEqual(['zip_too_large']);
  });

  it('a workbook with no GTFS sheet and no timetable says what it expected', async () => {
    const result = await convertUpload(await workbook((wb) => wb.addWorksheet('Sheet 1').addRow(['hello'])));
    expect(result.kind).toBe('plain_workbook');
    expect(result.problems.map((p) => p.code)).toEqual(['no_gtfs_sheets']);
  });
});

describe.skipIf(!hasSharedData('workbooks'))('convertUpload on the real workbook', () => {
  it('detects the PRASA workbook as a timetable workbook', async () => {
    const result = await convertUpload(readFileSync(`${SHARED_DATA_DIR}workbooks/prasa-western-cape.xlsx`));
    expect(result.kind).toBe('timetable_workbook');
    expect(result.feed.get('trips.txt')!.rows.length).toBe(459);
  });
});
