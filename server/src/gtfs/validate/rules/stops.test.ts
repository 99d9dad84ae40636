import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import type { Rule } from '../types.ts';
import * as locationWithStopTime from './location-with-unexpected-stop-time.ts';
import * as missingStopName from './missing-stop-name.ts';
import * as parentStation from './parent-station.ts';
import * as pointNearOrigin from './point-near-origin.ts';
import * as withoutLocation from './stop-without-location.ts';

const feed = feedWith({
  'stops.txt':
    'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n' +
    'CPT,CAPE TOWN,-33.9,18.4,1,\n' +
    'NONAME,,-33.9,18.4,0,CPT\n' +
    'NOWHERE,Nowhere,,,0,\n' +
    'ZERO,Zero,0.1,0.2,0,\n' +
    'ENT,Entrance,-33.9,18.4,2,\n' +
    'ST2,Station,-33.9,18.4,1,CPT\n' +
    'BAD,Platform,-33.9,18.4,0,NONAME\n',
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nWD-2300,05:00:00,05:00:00,CPT,0\n',
});
const run = (rule: Rule) => rule.check(feed, makeContext(feed));
const stop = (csvRowNumber: number, stopId: string) => ({ filename: 'stops.txt', csvRowNumber, stopId });

describe('stop rules', () => {
  it('missing_stop_name', () => {
    expect(run(missingStopName)).toEqual([
      { code: 'missing_stop_name', severity: 'error', ...stop(3, 'NONAME') },
    ]);
  });
  it('stop_without_location', () => {
    expect(run(withoutLocation)).toEqual([
      { code: 'stop_without_location', severity: 'error', ...stop(4, 'NOWHERE'), locationType: 0 },
    ]);
  });
  it('point_near_origin', () => {
    expect(run(pointNearOrigin)).toEqual([
      {
        code: 'point_near_origin',
        severity: 'error',
        filename: 'stops.txt',
        csvRowNumber: 5,
        entityId: 'ZERO',
        latFieldName: 'stop_lat',
        latFieldValue: 0.1,
        lonFieldName: 'stop_lon',
        lonFieldValue: 0.2,
      },
    ]);
  });
  it('location_without_parent_station, station_with_parent_station, wrong_parent_location_type', () => {
    expect(run(parentStation)).toEqual([
      {
        code: 'location_without_parent_station',
        severity: 'error',
        ...stop(6, 'ENT'),
        stopName: 'Entrance',
        locationType: 2,
      },
      {
        code: 'station_with_parent_station',
        severity: 'error',
        ...stop(7, 'ST2'),
        stopName: 'Station',
        parentStation: 'CPT',
      },
      {
        code: 'wrong_parent_location_type',
        severity: 'error',
        ...stop(8, 'BAD'),
        stopName: 'Platform',
        locationType: 0,
        parentCsvRowNumber: 3,
        parentStation: 'NONAME',
        parentStopName: '',
        parentLocationType: 0,
        expectedLocationType: 1,
      },
    ]);
  });
  it('location_with_unexpected_stop_time: a stop time at a station', () => {
    expect(run(locationWithStopTime)).toEqual([
      {
        code: 'location_with_unexpected_stop_time',
        severity: 'error',
        ...stop(2, 'CPT'),
        stopName: 'CAPE TOWN',
        stopTimeCsvRowNumber: 2,
      },
    ]);
  });
  it('raise nothing on a clean feed', () => {
    const clean = feedWith({});
    for (const rule of [
      missingStopName,
      withoutLocation,
      pointNearOrigin,
      parentStation,
      locationWithStopTime,
    ]) {
      expect(rule.check(clean, makeContext(clean))).toEqual([]);
    }
  });
});
