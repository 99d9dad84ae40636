import type { GtfsFeed } from '../../tables.ts';
import { isFloat } from '../field-format.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** A point lies within 1° of (0, 0), in the Gulf of Guinea: almost surely a placeholder (MobilityData, ERROR). */
export const POINT_NEAR_ORIGIN: NoticeSpec = {
  code: 'point_near_origin',
  severity: 'error',
  description:
    'A stop or shape point is within 1 degree of latitude 0, longitude 0 (a placeholder, not a place).',
};

/** A point lies within 1° of a pole: latitude and longitude are probably swapped (MobilityData, ERROR). */
export const POINT_NEAR_POLE: NoticeSpec = {
  code: 'point_near_pole',
  severity: 'error',
  description: 'A stop or shape point is within 1 degree of a pole (latitude and longitude swapped?).',
};

export const codes = [POINT_NEAR_ORIGIN, POINT_NEAR_POLE];

const POINTS = [
  { filename: 'stops.txt', id: 'stop_id', latFieldName: 'stop_lat', lonFieldName: 'stop_lon' },
  { filename: 'shapes.txt', id: 'shape_id', latFieldName: 'shape_pt_lat', lonFieldName: 'shape_pt_lon' },
];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const notices: Notice[] = [];
  for (const { filename, id, latFieldName, lonFieldName } of POINTS) {
    const [entity, latOf, lonOf] = [id, latFieldName, lonFieldName].map((f) => ctx.index.column(filename, f));
    for (let r = 0; r < (feed.get(filename)?.rows.length ?? 0); r++) {
      const [latText, lonText] = [latOf(r), lonOf(r)];
      if (!isFloat(latText) || !isFloat(lonText)) continue;
      const [latFieldValue, lonFieldValue] = [Number(latText), Number(lonText)];
      // Out-of-range coordinates are number_out_of_range already.
      if (Math.abs(latFieldValue) > 90 || Math.abs(lonFieldValue) > 180) continue;
      const near = Math.abs(latFieldValue) <= 1 && Math.abs(lonFieldValue) <= 1;
      const pole = Math.abs(latFieldValue) >= 89;
      if (!near && !pole) continue;
      const fields = { filename, csvRowNumber: r + 2, entityId: entity(r), latFieldName, latFieldValue };
      notices.push(
        notice(near ? POINT_NEAR_ORIGIN : POINT_NEAR_POLE, { ...fields, lonFieldName, lonFieldValue }),
      );
    }
  }
  return notices;
}
