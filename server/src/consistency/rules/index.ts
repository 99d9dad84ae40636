import type { ConsistencyContext } from '../context.ts';
import type { ConsistencyRule, Finding } from '../finding.ts';
import * as alertEntityNotRunning from './alert-entity-not-running.ts';
import * as cancelledWithoutAlert from './cancelled-without-alert.ts';
import * as routeAlertForStopClosure from './route-alert-for-stop-closure.ts';
import * as stopClosedButServed from './stop-closed-but-served.ts';
import * as tripNotInSchedule from './trip-not-in-schedule.ts';
import * as tripNotRunningOnDate from './trip-not-running-on-date.ts';

/** Every consistency rule, in the order their findings are reported. */
export const consistencyRules: ConsistencyRule[] = [
  tripNotInSchedule,
  tripNotRunningOnDate,
  cancelledWithoutAlert,
  stopClosedButServed,
  alertEntityNotRunning,
  routeAlertForStopClosure,
];

export function checkConsistency(ctx: ConsistencyContext): Finding[] {
  return consistencyRules.flatMap((rule) => rule.check(ctx));
}
