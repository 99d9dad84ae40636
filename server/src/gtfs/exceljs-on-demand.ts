/**
 * exceljs, loaded on first use. Loading it costs a thread ~0.35 s of CPU (measured: a worker that
 * imports it starts in 550 ms against 190 ms for an empty one), and the upload's worker thread is
 * started for each upload: one reading a GTFS zip never opens a workbook, and spent that time in
 * front of the load beside the serving thread on two cores.
 */
import type ExcelJS from 'exceljs';

export type ExcelJs = typeof ExcelJS;

let loading: Promise<ExcelJs> | undefined;

export function excelJs(): Promise<ExcelJs> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
