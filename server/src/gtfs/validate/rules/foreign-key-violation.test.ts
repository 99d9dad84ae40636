import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import { check } from './foreign-key-violation.ts';

describe('foreign_key_violation', () => {
  it('reports an unknown agency_id and an unknown service_id', () => {
    const feed = feedWith({
      'routes.txt': 'route_id,agency_id,route_long_name,route_type\nAAMV,DTAZ,Airport,3\nSTH,MR,Southern,2\n',
      'trips.txt': 'route_id,service_id,trip_id,shape_id\nSTH,XX,WD-2300,SH1\n',
    });
    const fk = { code: 'foreign_key_violation', severity: 'error', csvRowNumber: 2 };
    expect(check(feed, makeContext(feed))).toEqual([
      {
        ...fk,
        childFilename: 'routes.txt',
        childFieldName: 'agency_id',
        parentFilename: 'agency.txt',
        parentFieldName: 'agency_id',
        fieldValue: 'DTAZ',
      },
      {
        ...fk,
        childFilename: 'trips.txt',
        childFieldName: 'service_id',
        parentFilename: 'calendar.txt or calendar_dates.txt',
        parentFieldName: 'service_id',
        fieldValue: 'XX',
      },
    ]);
  });
  it('raises nothing on a clean feed', () => {
    const feed = feedWith({});
    expect(check(feed, makeContext(feed))).toEqual([]);
  });
});
