import type { InputProblem } from '../tables.ts';
import type { Notice, NoticeSpec } from './types.ts';

/** At least one GTFS file sits in a subfolder of the zip. GTFS reference: files must be at the root (MobilityData, ERROR). */
export const INVALID_INPUT_FILES_IN_SUBFOLDER: NoticeSpec = {
  code: 'invalid_input_files_in_subfolder',
  severity: 'error',
  description: 'GTFS files are inside a folder of the zip; they must be at its root.',
};

/** Problems found while reading the upload (not a zip, bad workbook cell, ...): they always block. */
export const INPUT_PROBLEM: NoticeSpec = {
  code: 'input_problem',
  severity: 'error',
  description: 'The upload could not be read as it is (see the message for what to fix).',
};

/** Reader problems as ERROR notices, keeping the reader's code, its message and the workbook cell. */
export function inputProblemsToNotices(problems: readonly InputProblem[]): Notice[] {
  return problems.map(({ code, message, sheet, cell, file }) => ({
    code,
    severity: 'error',
    message,
    ...(file ? { filename: file } : {}),
    ...(sheet && cell ? { origin: { sheet, cell } } : {}),
  }));
}
