import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import * as bothNames from './route-both-short-and-long-name-missing.ts';
import * as contrast from './route-color-contrast.ts';

describe('route rules', () => {
  const feed = feedWith({
    'routes.txt':
      'route_id,route_short_name,route_long_name,route_type,route_color,route_text_color\nSTH,,,2,FFFF00,FFFFFF\n',
  });
  it('route_both_short_and_long_name_missing: reports a route without names', () => {
    expect(bothNames.check(feed, makeContext(feed))).toEqual([
      {
        code: 'route_both_short_and_long_name_missing',
        severity: 'error',
        filename: 'routes.txt',
        csvRowNumber: 2,
        routeId: 'STH',
      },
    ]);
  });
  it('route_color_contrast: reports yellow text on white', () => {
    expect(contrast.check(feed, makeContext(feed))).toEqual([
      {
        code: 'route_color_contrast',
        severity: 'warning',
        filename: 'routes.txt',
        csvRowNumber: 2,
        routeId: 'STH',
        routeColor: 'FFFF00',
        routeTextColor: 'FFFFFF',
      },
    ]);
  });
  it('raise nothing on a clean feed', () => {
    const clean = feedWith({});
    expect(bothNames.check(clean, makeContext(clean))).toEqual([]);
    expect(contrast.check(clean, makeContext(clean))).toEqual([]);
  });
});
