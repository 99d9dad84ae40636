/** Reading exceljs cells robustly: rich text, hyperlinks, formulas (cached results), dates. */
import type ExcelJS from 'exceljs';
import { formatGtfsTime } from './parse-time.ts';
import type { InputProblem } from './tables.ts';

export type Scalar = string | number | boolean | Date | null;

/** A cell reduced to its shown value, plus what went wrong reading it. */
export type CellRead = {
  value: Scalar;
  hyperlink?: string;
  formula?: string;
  problem?: 'formula_without_value' | 'error_value';
  errorText?: string;
};

const EXCEL_DATE_LIMIT = Date.UTC(1900, 0, 1);

export function readCell(raw: ExcelJS.CellValue | undefined): CellRead {
  if (raw === null || raw === undefined) return { value: null };
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' || raw instanceof Date) {
    return { value: raw };
  }
  const obj = raw as unknown as Record<string, unknown>;
  if ('richText' in obj && Array.isArray(obj.richText)) {
    return { value: (obj.richText as { text?: string }[]).map((r) => r.text ?? '').join('') };
  }
  if ('formula' in obj || 'sharedFormula' in obj) {
    const formula = String(obj.formula ?? obj.sharedFormula ?? '');
    const result = obj.result;
    if (result === undefined || result === null) {
      return {
        value: null,
        formula,
        problem: 'formula_without_value',
        hyperlink: hyperlinkFromFormula(formula),
      };
    }
    const inner = readCell(result as ExcelJS.CellValue);
    return { ...inner, formula, hyperlink: inner.hyperlink ?? hyperlinkFromFormula(formula) };
  }
  if ('hyperlink' in obj) {
    const text = readCell(obj.text as ExcelJS.CellValue);
    return { value: text.value, hyperlink: String(obj.hyperlink ?? '') };
  }
  if ('error' in obj) return { value: null, problem: 'error_value', errorText: String(obj.error) };
  if ('text' in obj) return readCell(obj.text as ExcelJS.CellValue);
  return { value: null };
}

/** The link target of `=HYPERLINK("#'STH WD'!A1","label")`. */
export function hyperlinkFromFormula(formula: string): string | undefined {
  const m = /^\s*(?:=\s*)?HYPERLINK\s*\(\s*"((?:[^"]|"")*)"/i.exec(formula);
  return m ? m[1].replace(/""/g, '"') : undefined;
}

/** The sheet named by an internal link such as `#'STH WD'!A1`, `'STH WD'!A1` or `#Routes!B2`. */
export function sheetOfLink(target: string): string | undefined {
  let t = target.trim();
  if (t.startsWith('#')) t = t.slice(1);
  else if (/^[a-z][a-z0-9+.-]*:/i.test(t)) return undefined; // an external URL
  const bang = t.lastIndexOf('!');
  const sheet = bang >= 0 ? t.slice(0, bang) : t;
  if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2)
    return sheet.slice(1, -1).replace(/''/g, "'");
  return sheet || undefined;
}

/** A scalar as GTFS text; dates before 1900 are Excel times of day, later ones calendar dates. */
export function scalarText(value: Scalar): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  const ms = value.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms < EXCEL_DATE_LIMIT) return formatGtfsTime(Math.round((ms - Date.UTC(1899, 11, 30)) / 1000));
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** A cell's text plus a problem for formulas without a saved result and error values. */
export function cellText(cell: ExcelJS.Cell, sheet: string, problems: InputProblem[]): string {
  const read = readCell(cell.value);
  reportCellProblem(read, sheet, cell.address, problems);
  return scalarText(read.value);
}

export function reportCellProblem(
  read: CellRead,
  sheet: string,
  cell: string,
  problems: InputProblem[],
): void {
  if (read.problem === 'formula_without_value') {
    problems.push({
      code: 'formula_without_value',
      sheet,
      cell,
      message: `${ref(sheet, cell)} holds the formula =${read.formula} with no saved result. Open the workbook in Excel and save it so the value is stored, or type the value instead of the formula.`,
    });
  } else if (read.problem === 'error_value') {
    problems.push({
      code: 'cell_error',
      sheet,
      cell,
      message: `${ref(sheet, cell)} shows the error ${read.errorText}. Correct the formula or type the value.`,
    });
  }
}

/** `'STH WD'!F17`, the way Excel names a cell on another sheet. */
export function ref(sheet: string, cell: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheet)
    ? `${sheet}!${cell}`
    : `'${sheet.replace(/'/g, "''")}'!${cell}`;
}

export function columnLetter(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * The last row and column holding a non-empty value. Rows are walked only where exceljs has
 * them; formatted but empty rows (100 000 of them) are skipped cheaply, and reading stops there.
 */
export function usedRange(ws: ExcelJS.Worksheet): { lastRow: number; lastCol: number } {
  let lastRow = 0;
  let lastCol = 0;
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    if (!row.hasValues) return;
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      const read = readCell(cell.value);
      if (scalarText(read.value) === '' && !read.problem) return;
      if (r > lastRow) lastRow = r;
      if (c > lastCol) lastCol = c;
    });
  });
  return { lastRow, lastCol };
}

/** Merged ranges of a sheet (`A1:B2`). exceljs keeps them in `_merges`; `model` would rebuild the sheet. */
export function mergedRanges(ws: ExcelJS.Worksheet): string[] {
  const merges = (ws as unknown as { _merges?: Record<string, { range?: string; tl?: string }> })._merges;
  if (!merges) return [];
  return Object.entries(merges).map(([master, m]) => m.range ?? master);
}

/** Finds a sheet by name, ignoring case and surrounding spaces. */
export function findSheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet | undefined {
  const want = name.trim().toLowerCase();
  return wb.worksheets.find((ws) => ws.name.trim().toLowerCase() === want);
}
