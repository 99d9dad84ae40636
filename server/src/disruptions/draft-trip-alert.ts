import type { Deps } from '../deps.ts';
import { type AlertJson, draftDisruptionAlert } from './draft-disruption-alert.ts';
import { selectDisruptionTrips } from './select-disruption-trips.ts';

/** What a controller did to one train in the trip update editor, as far as riders care. */
export type TripChange = {
  tripId: string;
  /** The service date YYYYMMDD; absent = today's, in the agency zone. */
  startDate?: string;
  cancelled: boolean;
  skippedStopIds: string[];
};

/**
 * The alert to tell riders of a single cancellation or skipped stops, drafted by the disruption
 * desk's own drafting (same templates and placeholders): about the trip when it is cancelled,
 * about its skipped stops otherwise. Null when there is nothing to tell or the trip does not run
 * on that date (the save itself says so).
 */
export async function draftTripAlert(
  deps: Pick<Deps, 'db' | 'now'>,
  change: TripChange,
): Promise<AlertJson | null> {
  const skipped = [...new Set(change.skippedStopIds)];
  if (!change.cancelled && skipped.length === 0) return null;
  const select = { tripIds: [change.tripId] };
  const selection = await selectDisruptionTrips(deps, { serviceDate: change.startDate, select });
  if (selection.trips.length === 0) return null;
  return draftDisruptionAlert(deps, {
    selection,
    select,
    action: change.cancelled ? { type: 'cancel' } : { type: 'skip_stop', stopId: skipped[0] },
    stopIds: change.cancelled ? undefined : skipped,
    reason: '',
  });
}
