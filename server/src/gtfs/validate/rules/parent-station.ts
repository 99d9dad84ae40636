import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { locationTypes } from './stop-locations.ts';

/** An entrance, generic node or boarding area has no parent_station. GTFS reference, stops.parent_station: required for location_type 2, 3, 4. */
export const LOCATION_WITHOUT_PARENT_STATION: NoticeSpec = {
  code: 'location_without_parent_station',
  severity: 'error',
  description: 'An entrance, generic node or boarding area (location_type 2, 3, 4) has no parent_station.',
};

/** A station has a parent_station. GTFS reference, stops.parent_station: forbidden for location_type 1. */
export const STATION_WITH_PARENT_STATION: NoticeSpec = {
  code: 'station_with_parent_station',
  severity: 'error',
  description: 'A station (location_type 1) has a parent_station, which is forbidden.',
};

/** parent_station points at the wrong kind of location. GTFS reference, stops.parent_station. */
export const WRONG_PARENT_LOCATION_TYPE: NoticeSpec = {
  code: 'wrong_parent_location_type',
  severity: 'error',
  description:
    'parent_station refers to the wrong kind of location (a stop needs a station, a boarding area a platform).',
};

export const codes = [
  LOCATION_WITHOUT_PARENT_STATION,
  STATION_WITH_PARENT_STATION,
  WRONG_PARENT_LOCATION_TYPE,
];

/** Expected parent location_type per child location_type: stop, entrance, node → station; boarding area → platform. */
const EXPECTED_PARENT = [1, undefined, 1, 1, 0];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const [stopId, stopName, parent] = ['stop_id', 'stop_name', 'parent_station'].map((f) =>
    ctx.index.column('stops.txt', f),
  );
  const rowOf = ctx.index.rowsById('stops.txt', 'stop_id');
  const types = locationTypes(feed, ctx);
  const notices: Notice[] = [];
  types.forEach((locationType, r) => {
    const parentStation = parent(r);
    const base = { filename: 'stops.txt', csvRowNumber: r + 2, stopId: stopId(r), stopName: stopName(r) };
    if (parentStation === '') {
      if (locationType >= 2) notices.push(notice(LOCATION_WITHOUT_PARENT_STATION, { ...base, locationType }));
      return;
    }
    if (locationType === 1) {
      notices.push(notice(STATION_WITH_PARENT_STATION, { ...base, parentStation }));
      return;
    }
    const p = rowOf.get(parentStation);
    const expectedLocationType = EXPECTED_PARENT[locationType];
    // A missing parent is a foreign_key_violation.
    if (p === undefined || expectedLocationType === undefined || types[p] === expectedLocationType) return;
    notices.push(
      notice(WRONG_PARENT_LOCATION_TYPE, {
        ...base,
        locationType,
        parentCsvRowNumber: p + 2,
        parentStation,
        parentStopName: stopName(p),
        parentLocationType: types[p],
        expectedLocationType,
      }),
    );
  });
  return notices;
}
