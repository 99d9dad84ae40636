import { describe, expect, it } from 'vitest';
import { feedWith } from '../test-support/make-feed.ts';
import { check } from './empty-file.ts';

describe('empty_file', () => {
  it('reports a required file without rows and a file without header', () => {
    const feed = feedWith({ 'routes.txt': 'route_id,route_type\n', 'transfers.txt': '' });
    expect(check(feed)).toEqual([
      { code: 'empty_file', severity: 'error', filename: 'routes.txt' },
      { code: 'empty_file', severity: 'error', filename: 'transfers.txt' },
    ]);
  });
  it('accepts an optional file with a header only (sample feed shapes.txt)', () => {
    expect(
      check(feedWith({ 'shapes.txt': 'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\n' })),
    ).toEqual([]);
  });
});
