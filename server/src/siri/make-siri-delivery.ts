import type { ScheduledTrip } from '../feed/rules/context.ts';
import { buildEstimatedJourneys } from './build-estimated-journeys.ts';
import { buildSituationElements } from './build-situation-elements.ts';
import { buildVehicleActivities } from './build-vehicle-activities.ts';
import { renderSiriXml, siriJson } from './render-siri.ts';
import { el, type SiriNode, ZoneClock } from './siri-node.ts';

/** The three SIRI services of docs/rest-api.md "SIRI", by the last part of their path. */
export type SiriService = 'situation-exchange' | 'estimated-timetable' | 'vehicle-monitoring';

/** What one delivery is made from: plain data, so it can be handed to the SIRI thread. */
export type SiriRequest = {
  service: SiriService;
  /** The feed's entities as served (protobuf-JSON). */
  rows: readonly unknown[];
  /** The feed's stamp (header.timestamp, POSIX seconds): the delivery's ResponseTimestamp. */
  stamp: number;
  /** The agency's zone: every time is written with its offset. */
  zone: string;
  /** The schedule's trips the feed names (none for alerts). */
  trips: [string, ScheduledTrip][];
  /** Where the current run of a trip named without start_date starts (POSIX seconds). */
  dayStarts: [string, number][];
  /** When each entity's row was last written (alerts: a situation's version). */
  updatedAt: [string, string][];
  /** VEHICLE_POSITION_TTL_MINUTES in seconds: until when a position is valid. */
  ttlSecs: number;
};

/** One delivery as XML and as SIRI Lite JSON, made from the same tree. */
export function makeSiriDelivery(request: SiriRequest): { xml: string; json: string } {
  const clock = new ZoneClock(request.zone);
  const trips = new Map(request.trips);
  const dayStarts = new Map(request.dayStarts);
  const view = {
    timezone: request.zone,
    trip: (id: string) => trips.get(id),
    serviceDayStart: (id: string) => dayStarts.get(id),
  };
  let items: SiriNode[];
  if (request.service === 'situation-exchange') {
    const updated = new Map(request.updatedAt);
    items = buildSituationElements({
      rows: request.rows,
      updatedAt: (id) => updated.get(id),
      clock,
      stampSecs: request.stamp,
    });
  } else if (request.service === 'estimated-timetable') {
    items = buildEstimatedJourneys({ rows: request.rows, view, clock });
  } else {
    items = buildVehicleActivities({
      rows: request.rows,
      view,
      clock,
      stampSecs: request.stamp,
      ttlSecs: request.ttlSecs,
    });
  }
  const root = el('Siri', [el('ServiceDelivery', delivery(request.service, clock, request.stamp, items))], {
    version: '2.1',
  });
  return { xml: renderSiriXml(root), json: JSON.stringify({ Siri: siriJson(root) }) };
}

/** The service's delivery element around its items, stamped as the feed is. */
function delivery(service: SiriService, clock: ZoneClock, stamp: number, items: SiriNode[]): SiriNode[] {
  const at = clock.iso(stamp);
  const head = [el('ResponseTimestamp', at), el('Status', true)];
  const attrs = { version: '2.1' };
  let payload: SiriNode;
  if (service === 'situation-exchange')
    payload = el('SituationExchangeDelivery', [...head, el('Situations', items)], attrs);
  else if (service === 'estimated-timetable')
    payload = el(
      'EstimatedTimetableDelivery',
      items.length
        ? [...head, el('EstimatedJourneyVersionFrame', [el('RecordedAtTime', at), ...items])]
        : // No train has a trip update: SIRI's "no information" (the 2.1 schema wants a journey in
          // every delivery, so this answer alone does not validate; docs/rest-api.md "SIRI").
          [
            el('ResponseTimestamp', at),
            el('Status', false),
            el('ErrorCondition', [
              el('NoInfoForTopicError', [el('ErrorText', 'No train has a trip update now.')]),
            ]),
          ],
      attrs,
    );
  else payload = el('VehicleMonitoringDelivery', [...head, ...items], attrs);
  return [el('ResponseTimestamp', at), el('Status', true), el('MoreData', false), { ...payload, list: true }];
}
