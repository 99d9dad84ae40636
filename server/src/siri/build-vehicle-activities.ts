import type { FeedEntityJson } from '@feeddesk/proto';
import type { SiriTrips } from './build-estimated-journeys.ts';
import { el, many, opt, type SiriNode, siriRef, ZoneClock } from './siri-node.ts';

const OCCUPANCIES: Record<string, string> = {
  EMPTY: 'empty',
  MANY_SEATS_AVAILABLE: 'manySeatsAvailable',
  FEW_SEATS_AVAILABLE: 'fewSeatsAvailable',
  STANDING_ROOM_ONLY: 'standingRoomOnly',
  CRUSHED_STANDING_ROOM_ONLY: 'crushedStandingRoomOnly',
  FULL: 'full',
  NOT_ACCEPTING_PASSENGERS: 'notAcceptingPassengers',
};

export type VehicleInput = {
  /** The position feed's entities as served (protobuf-JSON). */
  rows: readonly unknown[];
  view: SiriTrips | null;
  clock: ZoneClock;
  /** The feed's stamp (POSIX seconds): when a position without its own timestamp was current. */
  stampSecs: number;
  /** How long a position stays in the feed (VEHICLE_POSITION_TTL_MINUTES), in seconds. */
  ttlSecs: number;
};

/**
 * One VehicleActivity per live vehicle position (docs/rest-api.md "SIRI"): when it was measured
 * and until when it is valid (the position's expiry from the feed), the train by line, direction
 * and FramedVehicleJourneyRef, where it is (WGS84), its bearing, speed and occupancy, the vehicle,
 * and the stop it is at or heading for (the assigned platform when the train was moved to one).
 */
export function buildVehicleActivities(input: VehicleInput): SiriNode[] {
  return input.rows.flatMap((row) => {
    const entity = row as FeedEntityJson;
    return entity.vehicle ? [activity(entity, input)] : [];
  });
}

function activity(entity: FeedEntityJson, input: VehicleInput): SiriNode {
  const vp = entity.vehicle!;
  const trip = vp.trip ?? {};
  const scheduled = trip.tripId ? input.view?.trip(trip.tripId) : undefined;
  const measured = vp.timestamp || input.stampSecs;
  const line = trip.routeId || scheduled?.routeId;
  const direction = trip.directionId ?? scheduled?.directionId;
  let date = trip.startDate;
  if (!date && trip.tripId && input.view?.serviceDayStart) {
    const start = input.view.serviceDayStart(trip.tripId);
    if (start !== undefined) date = input.clock.date(start + 12 * 3600);
  }
  const position = vp.position;
  const vehicleId = vp.vehicle?.id || vp.vehicle?.label || entity.id;
  return many('VehicleActivity', [
    el('RecordedAtTime', input.clock.iso(measured)),
    el('ValidUntilTime', input.clock.iso(measured + input.ttlSecs)),
    el('MonitoredVehicleJourney', [
      line ? el('LineRef', siriRef(line)) : undefined,
      direction === undefined ? undefined : el('DirectionRef', String(direction)),
      trip.tripId && date && /^\d{8}$/.test(date)
        ? el('FramedVehicleJourneyRef', [
            el('DataFrameRef', ZoneClock.frame(date)),
            el('DatedVehicleJourneyRef', siriRef(trip.tripId)),
          ])
        : undefined,
      el('Monitored', true),
      position
        ? el('VehicleLocation', [
            el('Longitude', position.longitude ?? 0),
            el('Latitude', position.latitude ?? 0),
          ])
        : undefined,
      opt('Bearing', position?.bearing),
      opt('Velocity', position?.speed === undefined ? undefined : Math.max(0, Math.round(position.speed))),
      opt('Occupancy', vp.occupancyStatus ? OCCUPANCIES[String(vp.occupancyStatus)] : undefined),
      opt('VehicleRef', vehicleId ? siriRef(vehicleId) : undefined),
      vp.stopId
        ? el('MonitoredCall', [
            el('StopPointRef', siriRef(vp.stopId)),
            el('VehicleAtStop', vp.currentStatus === 'STOPPED_AT'),
          ])
        : undefined,
    ]),
  ]);
}
