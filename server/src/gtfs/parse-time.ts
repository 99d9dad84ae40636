/** Time conversions between GTFS text, workbook cells and seconds since the start of the service day. */

const DAY = 24 * 3600;
/** Excel's day zero as exceljs decodes it: serial 0 = 1899-12-30T00:00:00Z. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * GTFS time `H:MM:SS` or `HH:MM:SS` (hours may pass 24) → seconds, or undefined when malformed.
 * A single leading space instead of a zero is accepted because real feeds (Halifax) do that.
 */
export function parseGtfsTime(text: string): number | undefined {
  const m = /^ ?(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Seconds → `HH:MM:SS` (hours keep counting past 24, as GTFS wants for after-midnight trips). */
export function formatGtfsTime(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/** Text typed in a timetable cell: `H:MM`, `HH:MM`, `H:MM:SS` or `HH:MM:SS` → seconds. */
export function parseTextTime(text: string): number | undefined {
  const m = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + (m[3] ? Number(m[3]) : 0);
}

/**
 * A workbook cell value → seconds, or undefined when it is not a time.
 * exceljs hands time-formatted cells over as UTC Dates on 1899-12-30 (1899-12-31 past 24:00);
 * raw numbers are Excel day fractions. Rounded to the second because the serial is a float.
 */
export function cellTimeToSeconds(value: unknown): number | undefined {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) return undefined;
    const seconds = Math.round((ms - EXCEL_EPOCH_MS) / 1000);
    // Only a time of day (possibly past midnight), never a calendar date.
    return seconds >= 0 && seconds < 2 * DAY ? seconds : undefined;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 && value < 2 ? Math.round(value * DAY) : undefined;
  }
  if (typeof value === 'string') return parseTextTime(value);
  return undefined;
}

/**
 * Times along one train, in order; after-midnight times typed as 00:35 continue past 24:00.
 * A drop of more than 12 h against the previous call means the clock wrapped, so 24 h is added.
 */
export function unwrapMidnight(previous: number | undefined, seconds: number): number {
  let t = seconds;
  if (previous !== undefined) while (t < previous - DAY / 2) t += DAY;
  return t;
}
