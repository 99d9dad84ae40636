import { DateTime } from 'luxon';
import { AppError } from '../errors.ts';

/** The period a summary covers: log rows with `from <= at < to`; null = open end. */
export type SummaryPeriod = {
  from: Date | null;
  to: Date | null;
  /** The same bounds as local dates `YYYY-MM-DD` (inclusive), for the Daily sheet. */
  fromDay: string | null;
  toDay: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `from` and `to` are local dates (`YYYY-MM-DD`, agency time zone), both included; either may be
 * left out (default: all history).
 */
export function resolveSummaryPeriod(
  options: { from?: string | null; to?: string | null },
  timezone: string,
): SummaryPeriod {
  const from = parseDay('from', options.from, timezone);
  const to = parseDay('to', options.to, timezone);
  if (from && to && from > to) {
    throw new AppError('validation_failed', {
      message: `The period starts (${options.from}) after it ends (${options.to}); swap from and to.`,
    });
  }
  return {
    from: from ? from.toJSDate() : null,
    to: to ? to.plus({ days: 1 }).toJSDate() : null,
    fromDay: from ? options.from! : null,
    toDay: to ? options.to! : null,
  };
}

function parseDay(field: string, value: string | null | undefined, timezone: string): DateTime | null {
  if (value === undefined || value === null || value === '') return null;
  const day = DAY.test(value) ? DateTime.fromISO(value, { zone: timezone }) : null;
  if (!day?.isValid) {
    throw new AppError('validation_failed', {
      message: `Give '${field}' as a date like 2025-09-23 (year-month-day).`,
    });
  }
  return day.startOf('day');
}
