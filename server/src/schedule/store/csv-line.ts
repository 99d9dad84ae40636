/** One value of a row to COPY: null is SQL NULL; strings are text, numbers are written as is. */
export type CopyValue = string | number | null;

const needsQuotes = /[",\r\n]/;

/**
 * One CSV line in the dialect of `COPY … WITH (FORMAT csv)`: an unquoted empty field is NULL,
 * `""` is the empty string. Hand-written (5 lines) rather than csv-stringify because it runs
 * 1.87 M times per large import and is on the hot path of the load benchmark.
 */
export function csvLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    const value = values[i];
    if (value === null) continue;
    line += typeof value === 'number' ? value : csvText(value);
  }
  return `${line}\n`;
}

/** One text value as a field of that dialect ('' is `""`, not NULL). */
export function csvText(value: string): string {
  if (value === '') return '""';
  return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
