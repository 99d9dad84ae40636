import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * Cancelled (CANCELED or DELETED) trip update that still carries stop time updates: riders are
 * told the train does not run and, in the same entity, times or skipped stops for it. Saves drop them (save-feed-entity.ts); this finds any that reached the feed otherwise.
 */
export const code = 'cancelled_trip_with_stop_times';
export const severity = 'error';
export const invariant = true;
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  return ctx.tripUpdates.flatMap((tu) =>
    (tu.cancelled || tu.deleted) && tu.stopTimeUpdates > 0
      ? [
          report(
            [tu.id],
            `Trip ${tu.tripId} of ${tu.startDate} is ${tu.cancelled ? 'cancelled' : 'deleted'} but still gives ${tu.stopTimeUpdates} stop time update${tu.stopTimeUpdates === 1 ? '' : 's'}; save it again without them.`,
          ),
        ]
      : [],
  );
}
