import type { GtfsFeed } from '../../tables.ts';
import type { RuleContext } from '../types.ts';

/** location_type of a stops.txt row as a number; empty means 0 (stop or platform). */
export function locationTypes(feed: GtfsFeed, ctx: RuleContext): Int8Array {
  return ctx.index.memo('location-types', () => {
    const value = ctx.index.column('stops.txt', 'location_type');
    const rows = feed.get('stops.txt')?.rows.length ?? 0;
    const out = new Int8Array(rows);
    for (let r = 0; r < rows; r++) out[r] = value(r) === '' ? 0 : Number(value(r)) || 0;
    return out;
  });
}
