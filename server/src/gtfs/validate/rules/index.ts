import type { Rule } from '../types.ts';
import * as columns from './columns.ts';
import * as decreasingOrEqualStopTimeDistance from './decreasing-or-equal-stop-time-distance.ts';
import * as duplicateKey from './duplicate-key.ts';
import * as emptyFile from './empty-file.ts';
import * as expiredCalendar from './expired-calendar.ts';
import * as fastTravelBetweenConsecutiveStops from './fast-travel-between-consecutive-stops.ts';
import * as feedExpirationDate from './feed-expiration-date.ts';
import * as fieldValues from './field-values.ts';
import * as foreignKeyViolation from './foreign-key-violation.ts';
import * as inconsistentAgencyTimezone from './inconsistent-agency-timezone.ts';
import * as invalidRowLength from './invalid-row-length.ts';
import * as leadingOrTrailingWhitespaces from './leading-or-trailing-whitespaces.ts';
import * as locationWithUnexpectedStopTime from './location-with-unexpected-stop-time.ts';
import * as missingRequiredAgencyId from './missing-required-agency-id.ts';
import * as missingRequiredFile from './missing-required-file.ts';
import * as missingStopName from './missing-stop-name.ts';
import * as missingTripEdge from './missing-trip-edge.ts';
import * as parentStation from './parent-station.ts';
import * as pointNearOrigin from './point-near-origin.ts';
import * as routeBothShortAndLongNameMissing from './route-both-short-and-long-name-missing.ts';
import * as routeColorContrast from './route-color-contrast.ts';
import * as startAndEndRangeOutOfOrder from './start-and-end-range-out-of-order.ts';
import * as stopTimeArrivalAndDeparture from './stop-time-arrival-and-departure.ts';
import * as stopTimeWithOnlyArrivalOrDepartureTime from './stop-time-with-only-arrival-or-departure-time.ts';
import * as stopWithoutLocation from './stop-without-location.ts';
import * as unknownFile from './unknown-file.ts';
import * as unusableTrip from './unusable-trip.ts';
import * as unusedShape from './unused-shape.ts';
import * as unusedTrip from './unused-trip.ts';

/** Every rule, in report order: files, then columns and values, then cross-file semantics. */
export const rules: readonly Rule[] = [
  missingRequiredFile,
  unknownFile,
  emptyFile,
  columns,
  invalidRowLength,
  leadingOrTrailingWhitespaces,
  fieldValues,
  duplicateKey,
  foreignKeyViolation,
  startAndEndRangeOutOfOrder,
  missingRequiredAgencyId,
  inconsistentAgencyTimezone,
  routeBothShortAndLongNameMissing,
  routeColorContrast,
  missingStopName,
  stopWithoutLocation,
  pointNearOrigin,
  parentStation,
  locationWithUnexpectedStopTime,
  missingTripEdge,
  stopTimeWithOnlyArrivalOrDepartureTime,
  stopTimeArrivalAndDeparture,
  decreasingOrEqualStopTimeDistance,
  unusedTrip,
  unusableTrip,
  unusedShape,
  fastTravelBetweenConsecutiveStops,
  expiredCalendar,
  feedExpirationDate,
];
