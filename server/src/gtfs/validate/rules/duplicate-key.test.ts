import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import { check } from './duplicate-key.ts';

describe('duplicate_key', () => {
  it('reports a repeated stop_id and a repeated (trip_id, stop_sequence) written 1 and 001', () => {
    const feed = feedWith({
      'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,A,1,1\nA,B,2,2\n',
      'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT,,,A,1\nT,,,A,001\n',
    });
    expect(check(feed, makeContext(feed))).toEqual([
      {
        code: 'duplicate_key',
        severity: 'error',
        filename: 'stops.txt',
        oldCsvRowNumber: 2,
        newCsvRowNumber: 3,
        csvRowNumber: 3,
        fieldName1: 'stop_id',
        fieldValue1: 'A',
      },
      {
        code: 'duplicate_key',
        severity: 'error',
        filename: 'stop_times.txt',
        oldCsvRowNumber: 2,
        newCsvRowNumber: 3,
        csvRowNumber: 3,
        fieldName1: 'trip_id',
        fieldValue1: 'T',
        fieldName2: 'stop_sequence',
        fieldValue2: '1',
      },
    ]);
  });
  it('raises nothing on a clean feed', () => {
    const feed = feedWith({});
    expect(check(feed, makeContext(feed))).toEqual([]);
  });
});
