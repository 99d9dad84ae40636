import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** A route has neither route_short_name nor route_long_name. GTFS reference, routes.txt: one of them is required. */
export const ROUTE_BOTH_SHORT_AND_LONG_NAME_MISSING: NoticeSpec = {
  code: 'route_both_short_and_long_name_missing',
  severity: 'error',
  description: 'A route has neither route_short_name nor route_long_name.',
};

export const codes = [ROUTE_BOTH_SHORT_AND_LONG_NAME_MISSING];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const [routeId, short, long] = ['route_id', 'route_short_name', 'route_long_name'].map((f) =>
    ctx.index.column('routes.txt', f),
  );
  const notices: Notice[] = [];
  for (let r = 0; r < (feed.get('routes.txt')?.rows.length ?? 0); r++) {
    if (short(r) === '' && long(r) === '') {
      notices.push(
        notice(ROUTE_BOTH_SHORT_AND_LONG_NAME_MISSING, {
          filename: 'routes.txt',
          csvRowNumber: r + 2,
          routeId: routeId(r),
        }),
      );
    }
  }
  return notices;
}
