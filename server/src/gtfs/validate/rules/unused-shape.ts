import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** A shape is used by no trip. GTFS Best Practices: remove unused shapes (MobilityData, WARNING). */
export const UNUSED_SHAPE: NoticeSpec = {
  code: 'unused_shape',
  severity: 'warning',
  description: 'A shape in shapes.txt is not used by any trip.',
};

export const codes = [UNUSED_SHAPE];

export function check(_feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const used = ctx.index.rowsById('trips.txt', 'shape_id');
  const notices: Notice[] = [];
  for (const [shapeId, r] of ctx.index.rowsById('shapes.txt', 'shape_id')) {
    if (!used.has(shapeId))
      notices.push(notice(UNUSED_SHAPE, { filename: 'shapes.txt', csvRowNumber: r + 2, shapeId }));
  }
  return notices;
}
