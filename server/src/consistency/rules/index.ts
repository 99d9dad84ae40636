import type { ConsistencyContext } from '../context.ts';
import type { ConsistencyRule, Finding } from '../finding.ts';
import * as alertEntityNotRunning from './alert-entity-not-running.ts';
import * as alertPlaceholderUnfilled from './alert-placeholder-unfilled.ts';
import * as alertTripsNotLinked from './alert-trips-not-linked.ts';
import * as cancellationAlertOutlived from './cancellation-alert-outlived.ts';
import * as cancelledTripWithStopTimes from './cancelled-trip-with-stop-times.ts';
import * as cancelledWithoutAlert from './cancelled-without-alert.ts';
import * as replacementBusOnRailRoute from './replacement-bus-on-rail-route.ts';
import * as replacementConnectionMissed from './replacement-connection-missed.ts';
import * as routeAlertForStopClosure from './route-alert-for-stop-closure.ts';
import * as skippedStopAlertOutlived from './skipped-stop-alert-outlived.ts';
import * as stopClosedButServed from './stop-closed-but-served.ts';
import * as tripNotInSchedule from './trip-not-in-schedule.ts';
import * as tripNotRunningOnDate from './trip-not-running-on-date.ts';
import * as tripRunUpdatedTwice from './trip-run-updated-twice.ts';
import * as vehiclePlatformNotAssigned from './vehicle-platform-not-assigned.ts';

/** Every consistency rule, in the order their findings are reported. */
export const consistencyRules: ConsistencyRule[] = [
  tripNotInSchedule,
  tripNotRunningOnDate,
  cancelledWithoutAlert,
  stopClosedButServed,
  alertEntityNotRunning,
  routeAlertForStopClosure,
  vehiclePlatformNotAssigned,
  replacementConnectionMissed,
  // Feed invariants (docs/contract-notes.md "Consistency findings"): a change adding an error of these is refused.
  cancelledTripWithStopTimes,
  alertTripsNotLinked,
  alertPlaceholderUnfilled,
  skippedStopAlertOutlived,
  cancellationAlertOutlived,
  tripRunUpdatedTwice,
  replacementBusOnRailRoute,
];

/** The feed invariants: what every change of the feed is checked against (keep-feed-invariants.ts). */
export const invariantRules = consistencyRules.filter((r) => r.invariant);

export function checkConsistency(ctx: ConsistencyContext): Finding[] {
  return consistencyRules.flatMap((rule) => rule.check(ctx));
}
