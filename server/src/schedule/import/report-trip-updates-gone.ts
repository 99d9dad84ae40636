import type { Deps } from '../../deps.ts';
import { findTripUpdatesNotInSchedule } from '../../feed/find-trip-updates-not-in-schedule.ts';

const LISTED = 50;

/** After a new schedule: the upload's log names the live trip updates whose trip it no longer has. */
export async function reportTripUpdatesGone(
  deps: Pick<Deps, 'db' | 'now'>,
  progress: (message: string) => Promise<void>,
): Promise<void> {
  const gone = await findTripUpdatesNotInSchedule(deps);
  if (gone.length === 0) return;
  const names = gone.slice(0, LISTED).map((t) => `${t.tripId}${t.startDate ? ` (${t.startDate})` : ''}`);
  const more = gone.length > LISTED ? ` and ${gone.length - LISTED} more` : '';
  await progress(
    `${gone.length} trip updates are for trips the new schedule does not have: ${names.join(', ')}${more}. They show as "Not in schedule" in the feed list, where one action removes them all.`,
  );
}
