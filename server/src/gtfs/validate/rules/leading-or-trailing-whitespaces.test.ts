import { describe, expect, it } from 'vitest';
import { feedWith } from '../test-support/make-feed.ts';
import { check } from './leading-or-trailing-whitespaces.ts';

describe('leading_or_trailing_whitespaces', () => {
  it('reports padded values recorded by the reader, with the trimmed value', () => {
    const feed = feedWith({
      'routes.txt': 'route_id,route_type,route_long_name\n"10T0001C1  ",2,Southern\n',
    });
    expect(check(feed)).toEqual([
      {
        code: 'leading_or_trailing_whitespaces',
        severity: 'warning',
        filename: 'routes.txt',
        csvRowNumber: 2,
        fieldName: 'route_id',
        fieldValue: '10T0001C1',
      },
    ]);
  });
  it('raises nothing on a clean feed', () => expect(check(feedWith({}))).toEqual([]));
});
