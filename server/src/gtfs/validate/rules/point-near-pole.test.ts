import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import * as pointNearOrigin from './point-near-origin.ts';

// Latitude and longitude swapped puts a Cape Town stop at latitude 18.4... a pole needs |lat| >= 89.
const feed = feedWith({
  'stops.txt':
    'stop_id,stop_name,stop_lat,stop_lon\n' +
    'CPT,CAPE TOWN,-33.9,18.4\n' +
    'SOUTH,South pole,-89.5,18.4\n' +
    'EDGE,Just short,-88.99,18.4\n' +
    'OUT,Out of range,-95,18.4\n',
  'shapes.txt': 'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nsth,-33.9,18.4,1\nsth,90,0.5,2\n',
});

describe('point_near_pole', () => {
  it('flags stops and shape points within 1 degree of a pole, not those short of it or out of range', () => {
    expect(pointNearOrigin.check(feed, makeContext(feed))).toEqual([
      {
        code: 'point_near_pole',
        severity: 'error',
        filename: 'stops.txt',
        csvRowNumber: 3,
        entityId: 'SOUTH',
        latFieldName: 'stop_lat',
        latFieldValue: -89.5,
        lonFieldName: 'stop_lon',
        lonFieldValue: 18.4,
      },
      {
        code: 'point_near_pole',
        severity: 'error',
        filename: 'shapes.txt',
        csvRowNumber: 3,
        entityId: 'sth',
        latFieldName: 'shape_pt_lat',
        latFieldValue: 90,
        lonFieldName: 'shape_pt_lon',
        lonFieldValue: 0.5,
      },
    ]);
  });
});
