import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/**
 * agency_id is empty while the feed has several agencies. GTFS reference: agency.agency_id,
 * routes.agency_id and fare_attributes.agency_id are required when multiple agencies are defined.
 */
export const MISSING_REQUIRED_AGENCY_ID: NoticeSpec = {
  code: 'missing_required_agency_id',
  severity: 'error',
  description: 'agency_id is empty although the feed defines more than one agency.',
};

export const codes = [MISSING_REQUIRED_AGENCY_ID];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  if ((feed.get('agency.txt')?.rows.length ?? 0) < 2) return [];
  const agencyName = ctx.index.column('agency.txt', 'agency_name');
  return ['agency.txt', 'routes.txt', 'fare_attributes.txt'].flatMap((filename) => {
    const agencyId = ctx.index.column(filename, 'agency_id');
    const notices: Notice[] = [];
    for (let r = 0; r < (feed.get(filename)?.rows.length ?? 0); r++) {
      if (agencyId(r) !== '') continue;
      const name = filename === 'agency.txt' ? agencyName(r) : '';
      notices.push(notice(MISSING_REQUIRED_AGENCY_ID, { filename, csvRowNumber: r + 2, agencyName: name }));
    }
    return notices;
  });
}
