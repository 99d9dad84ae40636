import { describe, expect, it } from 'vitest';
import { feedWith } from '../test-support/make-feed.ts';
import { check } from './columns.ts';

describe('columns', () => {
  it('reports missing, duplicated, empty and unknown columns', () => {
    const feed = feedWith({
      'routes.txt': 'route_id,route_long_name,route_long_name,,track\nSTH,Southern,Southern,,1\n',
    });
    expect(check(feed)).toEqual([
      {
        code: 'duplicated_column',
        severity: 'error',
        filename: 'routes.txt',
        fieldName: 'route_long_name',
        firstIndex: 1,
        secondIndex: 2,
      },
      { code: 'empty_column_name', severity: 'warning', filename: 'routes.txt', index: 3 },
      { code: 'unknown_column', severity: 'info', filename: 'routes.txt', fieldName: 'track', index: 4 },
      { code: 'missing_required_column', severity: 'error', filename: 'routes.txt', fieldName: 'route_type' },
    ]);
  });
  it('raises nothing on a clean feed', () => expect(check(feedWith({}))).toEqual([]));
});
