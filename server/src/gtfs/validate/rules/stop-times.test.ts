import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import type { Rule } from '../types.ts';
import * as distance from './decreasing-or-equal-stop-time-distance.ts';
import * as fastTravel from './fast-travel-between-consecutive-stops.ts';
import * as missingTripEdge from './missing-trip-edge.ts';
import * as arrivalDeparture from './stop-time-arrival-and-departure.ts';
import * as onlyOne from './stop-time-with-only-arrival-or-departure-time.ts';

// Rows are listed out of order on purpose: rules follow stop_sequence, not file order.
const feed = feedWith({
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence,shape_dist_traveled\n' +
    'WD-2300,05:04:00,05:04:00,WDS,2,1.5\n' +
    'WD-2300,,05:00:00,CPT1,0,0\n' +
    'WD-2300,05:10:00,,WDS,1,2.0\n',
});
const run = (rule: Rule) => rule.check(feed, makeContext(feed));
const st = (csvRowNumber: number) => ({ filename: 'stop_times.txt', csvRowNumber, tripId: 'WD-2300' });

describe('stop time rules', () => {
  it('missing_trip_edge: first stop without arrival', () => {
    expect(run(missingTripEdge)).toEqual([
      {
        code: 'missing_trip_edge',
        severity: 'error',
        ...st(3),
        stopSequence: '0',
        specifiedField: 'arrival_time',
      },
    ]);
  });
  it('stop_time_with_only_arrival_or_departure_time', () => {
    const code = 'stop_time_with_only_arrival_or_departure_time';
    expect(run(onlyOne)).toEqual([
      { code, severity: 'error', ...st(3), stopSequence: '0', specifiedField: 'departure_time' },
      { code, severity: 'error', ...st(4), stopSequence: '1', specifiedField: 'arrival_time' },
    ]);
  });
  it('stop_time_with_arrival_before_previous_departure_time: the last departure known is kept', () => {
    expect(run(arrivalDeparture)).toEqual([]);
    const back = feedWith({
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nWD-2300,05:00:00,05:10:00,CPT1,0\nWD-2300,05:05:00,05:06:00,WDS,1\n',
    });
    expect(arrivalDeparture.check(back, makeContext(back))).toEqual([
      {
        code: 'stop_time_with_arrival_before_previous_departure_time',
        severity: 'error',
        ...st(3),
        prevCsvRowNumber: 2,
        departureTime: '05:10:00',
        arrivalTime: '05:05:00',
      },
    ]);
  });
  it('decreasing_or_equal_stop_time_distance', () => {
    expect(run(distance)).toEqual([
      {
        code: 'decreasing_or_equal_stop_time_distance',
        severity: 'error',
        ...st(2),
        stopId: 'WDS',
        shapeDistTraveled: 1.5,
        stopSequence: '2',
        prevCsvRowNumber: 4,
        prevShapeDistTraveled: 2,
        prevStopSequence: '1',
      },
    ]);
  });
  it('fast_travel_between_consecutive_stops: 2 km in one minute by bus', () => {
    const bus = feedWith({
      'routes.txt': 'route_id,agency_id,route_long_name,route_type\nSTH,MR,Southern Line,3\n',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nWD-2300,05:00:00,05:00:00,CPT1,0\nWD-2300,05:00:30,05:01:00,WDS,1\n',
    });
    const [n] = fastTravel.check(bus, makeContext(bus));
    expect(n).toMatchObject({
      code: 'fast_travel_between_consecutive_stops',
      severity: 'warning',
      tripId: 'WD-2300',
      stopId1: 'CPT1',
      stopId2: 'WDS',
      speedKph: 248.6,
    });
    expect(fastTravel.check(bus, makeContext(bus))).toHaveLength(1);
  });
  it('raise nothing on a clean feed', () => {
    const clean = feedWith({});
    for (const rule of [missingTripEdge, onlyOne, arrivalDeparture, distance, fastTravel]) {
      expect(rule.check(clean, makeContext(clean))).toEqual([]);
    }
  });
});
