import { describe, expect, it } from 'vitest';
import { feedWith } from '../test-support/make-feed.ts';
import { check } from './invalid-row-length.ts';

describe('invalid_row_length', () => {
  it('reports a row shorter than the header, and rows the reader recorded', () => {
    const feed = feedWith({ 'trips.txt': 'route_id,service_id,trip_id,shape_id\nSTH,WD\n' });
    feed.get('routes.txt')!.badRowLengths = { count: 1, samples: [{ row: 0, length: 9 }] };
    expect(check(feed)).toEqual([
      {
        code: 'invalid_row_length',
        severity: 'error',
        filename: 'routes.txt',
        csvRowNumber: 2,
        rowLength: 9,
        headerCount: 7,
      },
      {
        code: 'invalid_row_length',
        severity: 'error',
        filename: 'trips.txt',
        csvRowNumber: 2,
        rowLength: 2,
        headerCount: 4,
      },
    ]);
  });
  it('raises nothing on a clean feed', () => expect(check(feedWith({}))).toEqual([]));
});
