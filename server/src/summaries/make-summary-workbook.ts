import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Deps } from '../deps.ts';
import { dailyRows } from './count-records.ts';
import { writeBlocksSheet, writeTableSheet } from './excel-sheets.ts';
import { loadScheduleNames } from './load-schedule-names.ts';
import { LogRecordCollector } from './log-records.ts';
import { readFeedLog } from './read-feed-log.ts';
import type { SummaryPeriod } from './summary-period.ts';
import {
  ALERT_LOG_COLUMNS,
  alertCountBlocks,
  alertLogRows,
  DAILY_COLUMNS,
  dailySheetRows,
  TRIP_UPDATE_LOG_COLUMNS,
  tripUpdateCountBlocks,
  tripUpdateLogRows,
} from './summary-sheets.ts';

export type MakeSummaryWorkbookOptions = {
  period: SummaryPeriod;
  timezone: string;
  /** Called between pages of the log, e.g. to report progress. */
  onPage?: (rowsRead: number) => void;
};

/**
 * The summary workbook of the log in the period (issue 5): reads the log in pages, folds it into
 * one record per alert and trip update (Maps, not rows), then streams the five sheets out.
 */
export async function makeSummaryWorkbook(deps: Deps, options: MakeSummaryWorkbookOptions): Promise<Buffer> {
  const { period, timezone } = options;
  const collector = new LogRecordCollector();
  let rowsRead = 0;
  for await (const page of readFeedLog(deps, period)) {
    for (const row of page) collector.add(row);
    rowsRead += page.length;
    options.onPage?.(rowsRead);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { alerts, tripUpdates } = collector;
  const names = await loadScheduleNames(deps, {
    routeIds: new Set(
      alerts.flatMap((a) => a.routes).concat(tripUpdates.flatMap((t) => (t.routeId ? [t.routeId] : []))),
    ),
    stopIds: new Set(alerts.flatMap((a) => a.stops).concat(tripUpdates.flatMap((t) => t.stops))),
    tripIds: new Set(alerts.flatMap((a) => a.trips).concat(tripUpdates.map((t) => t.tripId))),
  });
  const context = { names, timezone, now: deps.now().getTime() };

  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Feed desk';
  workbook.created = deps.now();
  await writeBlocksSheet(workbook, 'Alerts', alertCountBlocks(alerts, context));
  await writeBlocksSheet(workbook, 'TripUpdates', tripUpdateCountBlocks(tripUpdates, context));
  await writeTableSheet(workbook, 'Alert log', ALERT_LOG_COLUMNS, alertLogRows(alerts, context));
  await writeTableSheet(
    workbook,
    'Trip update log',
    TRIP_UPDATE_LOG_COLUMNS,
    tripUpdateLogRows(tripUpdates, context),
  );
  const daily = dailyRows(alerts, tripUpdates, {
    timezone,
    now: context.now,
    fromDay: period.fromDay,
    toDay: period.toDay,
  });
  await writeTableSheet(workbook, 'Daily', DAILY_COLUMNS, dailySheetRows(daily));
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
