import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import * as unusableTrip from './unusable-trip.ts';
import * as unusedShape from './unused-shape.ts';
import * as unusedTrip from './unused-trip.ts';

const feed = feedWith({
  'trips.txt': 'route_id,service_id,trip_id,shape_id\nSTH,WD,WD-2300,SH1\nSTH,WD,WD-2302,\nSTH,WD,WD-2304,\n',
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nWD-2300,05:00:00,05:00:00,CPT1,0\nWD-2300,05:05:00,05:06:00,WDS,1\nWD-2304,05:00:00,05:00:00,CPT1,0\n',
  'shapes.txt': 'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nSH1,-33.9,18.4,0\nSH2,-33.9,18.4,0\n',
});
const trip = (csvRowNumber: number, tripId: string) => ({ filename: 'trips.txt', csvRowNumber, tripId });

describe('usage rules', () => {
  it('unused_trip', () => {
    expect(unusedTrip.check(feed, makeContext(feed))).toEqual([
      { code: 'unused_trip', severity: 'warning', ...trip(3, 'WD-2302') },
    ]);
  });
  it('unusable_trip (MobilityData counts trips with 0 or 1 stop times)', () => {
    expect(unusableTrip.check(feed, makeContext(feed))).toEqual([
      { code: 'unusable_trip', severity: 'warning', ...trip(3, 'WD-2302') },
      { code: 'unusable_trip', severity: 'warning', ...trip(4, 'WD-2304') },
    ]);
  });
  it('unused_shape', () => {
    expect(unusedShape.check(feed, makeContext(feed))).toEqual([
      { code: 'unused_shape', severity: 'warning', filename: 'shapes.txt', csvRowNumber: 3, shapeId: 'SH2' },
    ]);
  });
  it('raise nothing on a clean feed', () => {
    const clean = feedWith({});
    for (const rule of [unusedTrip, unusableTrip, unusedShape])
      expect(rule.check(clean, makeContext(clean))).toEqual([]);
  });
});
