import type { Deps } from '../deps.ts';
import { serviceDateOf, serviceDayStartSecs } from '../schedule/time/service-day.ts';
import { loadScheduleNames, type ScheduleNames } from './load-schedule-names.ts';
import {
  type AlertRecord,
  LogRecordCollector,
  settleCancelled,
  settleSkipped,
  type TripUpdateRecord,
} from './log-records.ts';
import { readFeedLog } from './read-feed-log.ts';
import type { SummaryPeriod } from './summary-period.ts';

export type SummaryRecords = { alerts: AlertRecord[]; tripUpdates: TripUpdateRecord[]; names: ScheduleNames };

/**
 * The log of the period folded into one record per alert and trip update, with the schedule's
 * names of what they mention: what both the summary workbook and the punctuality dashboard count,
 * so the two can never disagree. Reads the log in pages, yielding to other work between them.
 */
export async function collectSummaryRecords(
  deps: Deps,
  options: { period: SummaryPeriod; onPage?: (rowsRead: number) => void },
): Promise<SummaryRecords> {
  const collector = new LogRecordCollector();
  let rowsRead = 0;
  for await (const page of readFeedLog(deps, options.period)) {
    for (const row of page) collector.add(row);
    rowsRead += page.length;
    options.onPage?.(rowsRead);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { alerts, tripUpdates } = collector;
  const names = await loadScheduleNames(deps, mentionedIds(alerts, tripUpdates));
  // Counted as riders were told: a lifted disruption's cancellations and skips only when served
  // at the train's departure or never withdrawn before its run ended (log-records.ts).
  for (const tu of tripUpdates) {
    const run = runOf(tu, names);
    tu.cancelled = settleCancelled(tu, run);
    tu.skippedStops = settleSkipped(tu, run);
  }
  return { alerts, tripUpdates, names };
}

/** The routes, stops and trips the records mention (plain loops: flatMap's arrays held the loop 75 ms). */
function mentionedIds(alerts: AlertRecord[], tripUpdates: TripUpdateRecord[]) {
  const routeIds = new Set<string>();
  const stopIds = new Set<string>();
  const tripIds = new Set<string>();
  const addAll = (set: Set<string>, values: Iterable<string>) => {
    for (const value of values) set.add(value);
  };
  for (const a of alerts) {
    addAll(routeIds, a.routes);
    addAll(stopIds, a.stops);
    addAll(tripIds, a.trips);
  }
  for (const t of tripUpdates) {
    if (t.routeId) routeIds.add(t.routeId);
    addAll(stopIds, t.stops);
    tripIds.add(t.tripId);
  }
  return { routeIds, stopIds, tripIds };
}

/** When the run of a trip update leaves and ends (ms), from the schedule; undefined when unknown. */
function runOf(tu: TripUpdateRecord, names: ScheduleNames) {
  const trip = names.trips.get(tu.tripId);
  if (!trip || trip.startSecs === null || !names.timezone) return undefined;
  const day = serviceDayStartSecs(
    tu.startDate ?? serviceDateOf(new Date(tu.firstAt), names.timezone),
    names.timezone,
  );
  return {
    departsAt: (day + trip.startSecs) * 1000,
    endsAt: (day + (trip.endSecs ?? trip.startSecs)) * 1000,
  };
}
