import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { listDelayCauses } from '../causes/list-delay-causes.ts';
import type { Deps } from '../deps.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { collectSummaryRecords } from './collect-summary-records.ts';
import { dailyRows } from './count-records.ts';
import { writeBlocksSheet, writeTableSheet } from './excel-sheets.ts';
import { loadTrainCauses, minutesLostByCause } from './minutes-lost.ts';
import type { SummaryPeriod } from './summary-period.ts';
import {
  alertCountBlocks,
  alertLogColumns,
  alertLogLanguages,
  alertLogRows,
  DAILY_COLUMNS,
  dailySheetRows,
  MINUTES_LOST_COLUMNS,
  minutesLostSheetRows,
  TRIP_UPDATE_LOG_COLUMNS,
  tripUpdateCountBlocks,
  tripUpdateLogRows,
} from './summary-sheets.ts';

export type MakeSummaryWorkbookOptions = {
  period: SummaryPeriod;
  timezone: string;
  /** Called between pages of the log, e.g. to report progress. */
  onPage?: (rowsRead: number) => void;
  /** Called after each sheet written (6 in all). */
  onSheet?: (sheetsWritten: number, sheets: number) => void;
};

const SHEETS = 6;

/**
 * The summary workbook of the log in the period: reads the log in pages, folds it into
 * one record per alert and trip update (Maps, not rows), then streams the six sheets out.
 */
export async function makeSummaryWorkbook(deps: Deps, options: MakeSummaryWorkbookOptions): Promise<Buffer> {
  const { period, timezone } = options;
  const { alerts, tripUpdates, names } = await collectSummaryRecords(deps, options);
  const { languages, defaultLanguage } = await getOperatorSettings(deps);
  const context = { names, timezone, now: deps.now().getTime(), languages, defaultLanguage };

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
  const sheet = (n: number) => options.onSheet?.(n, SHEETS);
  sheet(0);
  await writeBlocksSheet(workbook, 'Alerts', alertCountBlocks(alerts, context));
  sheet(1);
  await writeBlocksSheet(workbook, 'TripUpdates', tripUpdateCountBlocks(tripUpdates, context));
  sheet(2);
  const alertLog = alertLogColumns(alertLogLanguages(alerts, context));
  await writeTableSheet(workbook, 'Alert log', alertLog, alertLogRows(alerts, context));
  sheet(3);
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
  sheet(4);
  await writeTableSheet(workbook, 'Daily', DAILY_COLUMNS, dailySheetRows(daily));
  sheet(5);
  const lost = minutesLostByCause(tripUpdates, {
    causes: await loadTrainCauses(deps, tripUpdates, timezone),
    catalogue: await listDelayCauses(deps),
    timezone,
    language: defaultLanguage,
  });
  await writeTableSheet(workbook, 'Minutes lost by cause', MINUTES_LOST_COLUMNS, minutesLostSheetRows(lost));
  await workbook.commit();
  sheet(SHEETS);
  await ended;
  return Buffer.concat(chunks);
}
