import { addDays, type ServiceDate, secondsIntoServiceDay, serviceDateOf } from './service-day.ts';

export type CurrentRunOptions = {
  now: Date;
  tz: string;
  /** Last arrival of the trip, GTFS seconds (may pass 24:00). */
  endSecs: number | null;
  /** Whether the trip's service runs on a service date. */
  runsOn: (date: ServiceDate) => boolean;
};

/**
 * The operating day for one trip (docs/architecture.md "The operating day"; the dates' services
 * are ../find-operating-day.ts). The service date of a trip's current run: yesterday's while a run of yesterday's service that
 * passes 24:00 is still under way (a train at 24:35 of Tuesday's service runs at 00:35
 * Wednesday), otherwise today's.
 */
export function currentRunDate({ now, tz, endSecs, runsOn }: CurrentRunOptions): ServiceDate {
  const today = serviceDateOf(now, tz);
  const yesterday = addDays(today, -1);
  if (endSecs !== null && runsOn(yesterday) && secondsIntoServiceDay(now, yesterday, tz) <= endSecs) {
    return yesterday;
  }
  return today;
}
