import { FILE_SPEC_BY_NAME, type FieldSpec, type FieldType } from '../../files.ts';
import { type PackedRows, packedRows } from '../../packed-rows.ts';
import type { GtfsFeed, GtfsTable } from '../../tables.ts';
import {
  isColor,
  isCurrency,
  isEmail,
  isFloat,
  isInteger,
  isLanguageCode,
  isTimezone,
  isUrl,
  parseDate,
  parseTime,
} from '../field-format.ts';
import { type Notice, type NoticeSpec, notice } from '../types.ts';

const spec = (code: string, severity: NoticeSpec['severity'], description: string): NoticeSpec => ({
  code,
  severity,
  description,
});

/** A required field is empty. GTFS reference, "Field Definitions" (Presence: Required). */
export const MISSING_REQUIRED_FIELD = spec('missing_required_field', 'error', 'A required field is empty.');
/** GTFS reference, "Field Types": each type below has a required format. */
export const INVALID_DATE = spec('invalid_date', 'error', 'A date is not a valid YYYYMMDD date.');
export const INVALID_TIME = spec(
  'invalid_time',
  'error',
  'A time is not in HH:MM:SS form (H:MM:SS allowed).',
);
export const INVALID_TIMEZONE = spec(
  'invalid_timezone',
  'error',
  'A time zone is not a valid IANA time zone id.',
);
export const INVALID_URL = spec('invalid_url', 'error', 'A URL is not a fully qualified http or https URL.');
export const INVALID_EMAIL = spec('invalid_email', 'error', 'An email address is malformed.');
export const INVALID_LANGUAGE_CODE = spec(
  'invalid_language_code',
  'error',
  'A language code is not a valid IETF BCP 47 tag.',
);
export const INVALID_COLOR = spec('invalid_color', 'error', 'A color is not a six-digit hexadecimal value.');
export const INVALID_CURRENCY = spec('invalid_currency', 'error', 'A currency code is not an ISO 4217 code.');
export const INVALID_INTEGER = spec('invalid_integer', 'error', 'A value cannot be read as an integer.');
export const INVALID_FLOAT = spec('invalid_float', 'error', 'A value cannot be read as a number.');
export const NUMBER_OUT_OF_RANGE = spec(
  'number_out_of_range',
  'error',
  'A number is outside the range the GTFS reference allows (e.g. latitude beyond ±90).',
);
/** An enum value the reference does not define; MobilityData makes it a WARNING (may be a newer spec). */
export const UNEXPECTED_ENUM_VALUE = spec(
  'unexpected_enum_value',
  'warning',
  'An enumerated field holds a value the GTFS reference does not define.',
);

export const codes = [
  MISSING_REQUIRED_FIELD,
  INVALID_DATE,
  INVALID_TIME,
  INVALID_TIMEZONE,
  INVALID_URL,
  INVALID_EMAIL,
  INVALID_LANGUAGE_CODE,
  INVALID_COLOR,
  INVALID_CURRENCY,
  INVALID_INTEGER,
  INVALID_FLOAT,
  NUMBER_OUT_OF_RANGE,
  UNEXPECTED_ENUM_VALUE,
];

/** Format checks that need no more than the text; numbers and enums are handled below. */
const FORMAT: Partial<Record<FieldType, [NoticeSpec, (value: string) => boolean]>> = {
  date: [INVALID_DATE, (v) => parseDate(v) !== undefined],
  time: [INVALID_TIME, (v) => parseTime(v) !== undefined],
  timezone: [INVALID_TIMEZONE, isTimezone],
  url: [INVALID_URL, isUrl],
  email: [INVALID_EMAIL, isEmail],
  language: [INVALID_LANGUAGE_CODE, isLanguageCode],
  color: [INVALID_COLOR, isColor],
  currency: [INVALID_CURRENCY, isCurrency],
};

/** One pass per column of each known file: presence, format, range. Rows of the wrong length are skipped. */
export function check(feed: GtfsFeed): Notice[] {
  const notices: Notice[] = [];
  for (const [filename, table] of feed) {
    const file = FILE_SPEC_BY_NAME.get(filename);
    if (!file) continue;
    for (const field of file.fields) {
      const col = table.header.indexOf(field.name);
      if (col >= 0) checkColumn(table, col, field, notices);
    }
  }
  return notices;
}

type Problem = Omit<Notice, 'filename' | 'csvRowNumber'> | null;

function checkColumn(table: GtfsTable, col: number, field: FieldSpec, out: Notice[]): void {
  const filename = table.name;
  const fieldName = field.name;
  const width = table.header.length;
  const judge = judgeValue(field);
  const packed = packedRows(table.rows);
  if (packed) {
    checkPackedColumn(packed, col, field, judge, filename, out);
    return;
  }
  const cache = new Map<string, Problem>();
  const rows = table.rows;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row.length !== width) continue;
    const fieldValue = row[col];
    if (fieldValue === '') {
      if (field.presence === 'required')
        out.push(notice(MISSING_REQUIRED_FIELD, { filename, csvRowNumber: r + 2, fieldName }));
      continue;
    }
    let problem = cache.get(fieldValue);
    if (problem === undefined) {
      problem = judge(fieldValue);
      // Values repeat a lot (times, ids, enums): remember the verdict per distinct value, within reason.
      if (cache.size < 100_000) cache.set(fieldValue, problem);
    }
    if (problem) out.push({ ...problem, filename, csvRowNumber: r + 2 } as Notice);
  }
}

/** The same over packed rows: each distinct value is judged once, the rows only read codes. */
function checkPackedColumn(
  packed: PackedRows,
  col: number,
  field: FieldSpec,
  judge: (value: string) => Problem,
  filename: string,
  out: Notice[],
): void {
  const fieldName = field.name;
  const verdicts = packed.dictionary(col).map((value) => (value === '' ? null : judge(value)));
  const empty = packed.dictionary(col).indexOf('');
  if (empty < 0 && verdicts.every((v) => v === null)) return;
  const required = field.presence === 'required';
  for (let r = 0; r < packed.length; r++) {
    const code = packed.code(col, r);
    if (code === empty) {
      if (required) out.push(notice(MISSING_REQUIRED_FIELD, { filename, csvRowNumber: r + 2, fieldName }));
      continue;
    }
    const problem = verdicts[code];
    if (problem) out.push({ ...problem, filename, csvRowNumber: r + 2 } as Notice);
  }
}

/** What is wrong with a non-empty value of `field`, or null. */
function judgeValue(field: FieldSpec): (value: string) => Problem {
  const fieldName = field.name;
  const format = FORMAT[field.type];
  const numeric = field.type === 'integer' || field.type === 'float' || field.type === 'enum';
  return (fieldValue) =>
    format
      ? format[1](fieldValue)
        ? null
        : { ...notice(format[0]), fieldName, fieldValue }
      : numeric
        ? numberProblem(field, fieldValue)
        : null;
}

function numberProblem(
  field: FieldSpec,
  fieldValue: string,
): Omit<Notice, 'filename' | 'csvRowNumber'> | null {
  const fieldName = field.name;
  const integer = field.type !== 'float';
  if (integer ? !isInteger(fieldValue) : !isFloat(fieldValue)) {
    return { ...notice(integer ? INVALID_INTEGER : INVALID_FLOAT), fieldName, fieldValue };
  }
  const n = Number(fieldValue);
  if (field.values)
    return field.values.includes(n) ? null : { ...notice(UNEXPECTED_ENUM_VALUE), fieldName, fieldValue };
  const outOfRange = (field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max);
  return outOfRange ? { ...notice(NUMBER_OUT_OF_RANGE), fieldName, fieldType: field.type, fieldValue } : null;
}
