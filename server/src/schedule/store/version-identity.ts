/**
 * What a new schedule version takes from its feed before loading it: the agency's time zone and
 * feed_info's feed_version. A module of their own so the upload's worker thread, which tells them
 * to the load as soon as it has read agency.txt, does not load the store (drizzle among it).
 */
import type { GtfsFeed } from '../../gtfs/index.ts';
import { DEFAULT_TIMEZONE, isValidTimezone } from '../time/service-day.ts';
import { ScheduleStoreError } from './feed-table.ts';

/** The agency's IANA time zone (Africa/Johannesburg when none is given); throws when unknown. */
export function agencyTimezone(feed: GtfsFeed): string {
  const agency = feed.get('agency.txt');
  const column = agency?.header.indexOf('agency_timezone') ?? -1;
  const tz = column >= 0 ? agency?.rows[0]?.[column] : undefined;
  if (!tz) return DEFAULT_TIMEZONE;
  if (!isValidTimezone(tz)) {
    throw new ScheduleStoreError(
      `agency.txt names the time zone "${tz}", which is unknown; use an IANA name such as Africa/Johannesburg.`,
    );
  }
  return tz;
}

/**
 * feed_info.txt's feed_version (its first row), or null when the feed does not give one. A
 * gtfs.zip downloaded from the product and uploaded again names the served version
 * (`2026-11+v12`, served-feed-version.ts): the planners' part is kept, not `2026-11+v12+v15`.
 */
export function feedVersionOf(feed: GtfsFeed): string | null {
  const info = feed.get('feed_info.txt');
  const column = info?.header.indexOf('feed_version') ?? -1;
  const given = (column >= 0 ? info?.rows[0]?.[column]?.trim() : undefined) || null;
  const served = given?.lastIndexOf('+v') ?? -1;
  return given && served > 0 && /^\d+$/.test(given.slice(served + 2)) ? given.slice(0, served) : given;
}
