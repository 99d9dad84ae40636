/** Parsers for GTFS field types (https://gtfs.org/schedule/reference/#field-types). */

const TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/;
const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const INTEGER = /^[+-]?\d+$/;
// Each character has one place to go (no `\d+\.?\d*`, whose two digit runs share a string of
// digits n ways): a cell of digits is read once, not n² times (docs/quality.md "Reliability and security bars").
const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const COLOR = /^[0-9A-Fa-f]{6}$/;
// The domain: one character, then up to its first dot after that, then the rest (the former
// `[^\s@]+\.[^\s@]+` tried every dot of a dotted domain as the split).
const EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
const CURRENCY = /^[A-Z]{3}$/;

/** `H:MM:SS` or `HH:MM:SS`, hours may pass 24 (trips after midnight) → seconds; undefined if malformed. */
export function parseTime(text: string): number | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** `YYYYMMDD` → a comparable number (e.g. 20260822); undefined if malformed or not a calendar day. */
export function parseDate(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return undefined;
  return y * 10000 + mo * 100 + d;
}

export const isInteger = (text: string): boolean => INTEGER.test(text);
export const isFloat = (text: string): boolean => FLOAT.test(text);
export const isColor = (text: string): boolean => COLOR.test(text);
export const isEmail = (text: string): boolean => EMAIL.test(text);
export const isCurrency = (text: string): boolean => CURRENCY.test(text);

/** A fully qualified http(s) or ftp URL, as MobilityData's validator requires. */
export function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return ['http:', 'https:', 'ftp:'].includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const timezones = new Map<string, boolean>();
/** An IANA time zone id (e.g. `Africa/Johannesburg`). */
export function isTimezone(text: string): boolean {
  let ok = timezones.get(text);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: text });
      ok = text.includes('/') || text === 'UTC' || text === 'GMT';
    } catch {
      ok = false;
    }
    timezones.set(text, ok);
  }
  return ok;
}

const languages = new Map<string, boolean>();
/** An IETF BCP 47 language tag (e.g. `en`, `af-ZA`). */
export function isLanguageCode(text: string): boolean {
  let ok = languages.get(text);
  if (ok === undefined) {
    try {
      ok = Intl.getCanonicalLocales(text).length === 1;
    } catch {
      ok = false;
    }
    languages.set(text, ok);
  }
  return ok;
}

/** Today's date in `YYYYMMDD` form as a number, in UTC. */
export function dateNumber(date: Date): number {
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** Adds days to a `YYYYMMDD` number. */
export function addDays(yyyymmdd: number, days: number): number {
  const y = Math.floor(yyyymmdd / 10000);
  const m = Math.floor(yyyymmdd / 100) % 100;
  const d = yyyymmdd % 100;
  return dateNumber(new Date(Date.UTC(y, m - 1, d + days)));
}
