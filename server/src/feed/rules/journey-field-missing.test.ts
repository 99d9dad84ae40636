import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './journey-field-missing.ts';
import { context, makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

const T = 1_700_000_000;
const call = (seq: number, stopId: string, time: number) =>
  makeStopTimeUpdate(seq, { stopId, arrival: { time }, departure: { time } });
const NEW = TripScheduleRelationship.NEW;

describe('journey_field_missing', () => {
  it('names what a NEW trip lacks: its route, its date, a stop id and a departure time', () => {
    const entity = makeTripUpdate(
      [call(1, 'CPT', T), makeStopTimeUpdate(2, { arrival: { time: T + 600 } })],
      { tripId: 'BUS-1', scheduleRelationship: NEW },
    );
    const at = (field: string, value: string) => ({
      code: 'journey_field_missing',
      severity: 'error',
      entityId: 'tu-1',
      field: `trip_update.stop_time_update[1].${field}`,
      value,
      stopIndex: 1,
      stopSequence: 2,
      stopId: undefined,
      message: `Stop 2 of the journey has no ${value}; give every stop its stop_sequence, stop_id, arrival and departure time.`,
    });
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'journey_field_missing',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.route_id',
        value: 'route_id',
        message: 'A new train needs its route_id; give the route and the service date.',
      },
      {
        code: 'journey_field_missing',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.start_date',
        value: 'start_date',
        message: 'A new train needs its start_date; give the route and the service date.',
      },
      at('stop_id', 'stop_id'),
      at('departure.time', 'departure time'),
    ]);
  });

  it('accepts a whole journey, a REPLACEMENT without route or date, skipped stops without times', () => {
    const stops = [call(1, 'CPT', T), makeStopTimeUpdate(2, { stopId: 'WDS', scheduleRelationship: 1 })];
    const trip = { tripId: 'BUS-1', routeId: 'STH', startDate: '20231114', scheduleRelationship: NEW };
    expect(check(makeTripUpdate(stops, trip), context())).toEqual([]);
    const replacement = { tripId: 'WD-2300', scheduleRelationship: TripScheduleRelationship.REPLACEMENT };
    expect(check(makeTripUpdate(stops, replacement), context())).toEqual([]);
    // A delay of a scheduled trip gives no whole journey.
    expect(check(makeTripUpdate([makeStopTimeUpdate(2, { arrival: { delay: 60 } })]), context())).toEqual([]);
  });
});
