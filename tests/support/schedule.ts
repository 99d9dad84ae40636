import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemoTimetableWorkbook } from '@feeddesk/server/gtfs/index';
import ExcelJS from 'exceljs';
import { AGENCY_ZONE } from './agency-zone.ts';
import type { HttpClient } from './http-client.ts';
import { followOverSocket } from './live.ts';

/** ../shared/data beside the repository (absent on a user's clone: tests that need it skip). */
export const sharedData = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/data');
export const hasSharedData = existsSync(sharedData);
export const readShared = (path: string) => readFileSync(join(sharedData, path));

let demo: Promise<Uint8Array> | undefined;
export function demoWorkbook(): Promise<Uint8Array> {
  demo ??= buildDemoTimetableWorkbook();
  return demo;
}

let agencyDemo: Promise<Uint8Array> | undefined;
/** The demo workbook with its agency in the suite's zone (AGENCY_ZONE): what the browser tests load. */
export function agencyDemoWorkbook(): Promise<Uint8Array> {
  agencyDemo ??= buildDemoTimetableWorkbook({ timezone: AGENCY_ZONE });
  return agencyDemo;
}

/**
 * The demo workbook with its agency in another time zone (docs/quality.md: tests run with the agency
 * far from Johannesburg): the same trains and times, read as local times of `zone`.
 */
export async function demoWorkbookInZone(zone: string): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await demoWorkbook()) as unknown as ArrayBuffer);
  let replaced = 0;
  wb.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.value === 'Africa/Johannesburg') {
          cell.value = zone;
          replaced++;
        }
      }),
    ),
  );
  if (replaced !== 1) throw new Error(`the demo workbook names its zone ${replaced} times, not once`);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Uploads a file through POST /gtfs/upload_gtfs and follows its job over /ws to the end. */
export async function uploadSchedule(client: HttpClient, bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), fileName);
  const res = await client.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`upload refused: ${res.status} ${await res.text()}`);
  const jobId = await res.text();
  const messages = await followOverSocket(client.baseUrl, client.cookieHeader, jobId, 'event');
  return { jobId, messages, final: messages.at(-1)! };
}
