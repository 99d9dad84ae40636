import type { FeedEntity, FeedHeader } from '@feeddesk/proto';
import { noticeCatalogue, renderNotice } from '../../gtfs/index.ts';
import { letPollsIn } from '../let-polls-in.ts';
import * as alertCauseOrEffectUnknown from './alert-cause-or-effect-unknown.ts';
import * as alertDescriptionTooLong from './alert-description-too-long.ts';
import * as alertHeaderMissing from './alert-header-missing.ts';
import * as alertHeaderTooLong from './alert-header-too-long.ts';
import * as alertLanguageNotOffered from './alert-language-not-offered.ts';
import * as alertRouteMismatch from './alert-route-mismatch.ts';
import * as alertTextMarkup from './alert-text-markup.ts';
import * as alertTripRouteMismatch from './alert-trip-route-mismatch.ts';
import * as alertUrlNotWeb from './alert-url-not-web.ts';
import * as alertWithoutInformedEntity from './alert-without-informed-entity.ts';
import * as alertWithoutPeriod from './alert-without-period.ts';
import * as assignedStopOtherStation from './assigned-stop-other-station.ts';
import * as carriageSequenceGap from './carriage-sequence-gap.ts';
import * as carriageSequenceMissing from './carriage-sequence-missing.ts';
import * as carriageSequenceRepeated from './carriage-sequence-repeated.ts';
import * as carriedDelayPassesNextStop from './carried-delay-passes-next-stop.ts';
import type { FeedRuleContext } from './context.ts';
import * as departureBeforeArrival from './departure-before-arrival.ts';
import * as duplicatedTripInSchedule from './duplicated-trip-in-schedule.ts';
import * as duplicatedTripWithoutProperties from './duplicated-trip-without-properties.ts';
import * as emptyTripUpdate from './empty-trip-update.ts';
import * as impactOutsideCommunication from './impact-outside-communication.ts';
import * as informedEntityWithoutSpecifier from './informed-entity-without-specifier.ts';
import * as invalidBearing from './invalid-bearing.ts';
import * as invalidPosition from './invalid-position.ts';
import * as invalidStartDate from './invalid-start-date.ts';
import * as invalidStartTime from './invalid-start-time.ts';
import * as journeyFieldMissing from './journey-field-missing.ts';
import * as newTripInSchedule from './new-trip-in-schedule.ts';
import * as noChanges from './no-changes.ts';
import * as notPosixTime from './not-posix-time.ts';
import type { FeedNotice, FeedRule } from './notice.ts';
import * as predictedBeforeFirstDeparture from './predicted-before-first-departure.ts';
import * as replacementOnlyDelay from './replacement-only-delay.ts';
import * as routeAlertForStopClosure from './route-alert-for-stop-closure.ts';
import * as stopSequenceNotInTrip from './stop-sequence-not-in-trip.ts';
import * as stopSequenceRepeated from './stop-sequence-repeated.ts';
import * as stopSequenceUnsorted from './stop-sequence-unsorted.ts';
import * as stopTimeEventEmpty from './stop-time-event-empty.ts';
import * as stopTimeUpdateWithoutStop from './stop-time-update-without-stop.ts';
import * as stopTimeUpdateWithoutTimes from './stop-time-update-without-times.ts';
import * as timesForNoDataStop from './times-for-no-data-stop.ts';
import * as timesNotIncreasing from './times-not-increasing.ts';
import * as timestampInFuture from './timestamp-in-future.ts';
import * as tooManyStopTimeUpdates from './too-many-stop-time-updates.ts';
import * as tripRouteMismatch from './trip-route-mismatch.ts';
import * as tripUpdateWithoutStopTimes from './trip-update-without-stop-times.ts';
import * as unknownAgency from './unknown-agency.ts';
import * as unknownRoute from './unknown-route.ts';
import * as unknownStop from './unknown-stop.ts';
import * as unknownTrip from './unknown-trip.ts';
import * as vehicleFarFromTrip from './vehicle-far-from-trip.ts';
import * as vehicleStopNotInTrip from './vehicle-stop-not-in-trip.ts';
import * as vehicleStopSequenceNotInTrip from './vehicle-stop-sequence-not-in-trip.ts';
import * as vehicleTripNotRunning from './vehicle-trip-not-running.ts';

export type {
  FeedRuleContext,
  ScheduledStopTime,
  ScheduledTrip,
  ScheduleView,
  StopClosures,
} from './context.ts';
export type { FeedNotice, FeedRule, Severity } from './notice.ts';

/** Every rule, in the order their notices are reported. */
export const feedRules: FeedRule[] = [
  emptyTripUpdate,
  noChanges,
  notPosixTime,
  timestampInFuture,
  invalidStartTime,
  invalidStartDate,
  unknownTrip,
  newTripInSchedule,
  duplicatedTripWithoutProperties,
  duplicatedTripInSchedule,
  unknownRoute,
  tripRouteMismatch,
  unknownStop,
  assignedStopOtherStation,
  tripUpdateWithoutStopTimes,
  tooManyStopTimeUpdates,
  journeyFieldMissing,
  stopTimeUpdateWithoutStop,
  stopSequenceUnsorted,
  stopSequenceRepeated,
  stopSequenceNotInTrip,
  replacementOnlyDelay,
  stopTimeUpdateWithoutTimes,
  stopTimeEventEmpty,
  timesForNoDataStop,
  timesNotIncreasing,
  carriedDelayPassesNextStop,
  predictedBeforeFirstDeparture,
  departureBeforeArrival,
  alertWithoutInformedEntity,
  informedEntityWithoutSpecifier,
  unknownAgency,
  alertTripRouteMismatch,
  alertRouteMismatch,
  alertUrlNotWeb,
  impactOutsideCommunication,
  // The alert linter: MobilityData's service alert guidelines, warnings only.
  alertWithoutPeriod,
  alertCauseOrEffectUnknown,
  routeAlertForStopClosure,
  alertHeaderMissing,
  alertHeaderTooLong,
  alertDescriptionTooLong,
  alertTextMarkup,
  alertLanguageNotOffered,
  invalidPosition,
  invalidBearing,
  vehicleTripNotRunning,
  vehicleStopSequenceNotInTrip,
  vehicleStopNotInTrip,
  vehicleFarFromTrip,
  carriageSequenceMissing,
  carriageSequenceRepeated,
  carriageSequenceGap,
];

/** Notices for one trip update, alert or vehicle entity; errors refuse the save. */
export function checkFeedEntity(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  return feedRules.flatMap((rule) => rule.check(entity, ctx));
}

/**
 * checkFeedEntity on the thread that serves the feed, its polls let in between two rules once the
 * rules have run a few milliseconds: each rule is linear in the entity, but all of them over an
 * alert of 100 KB of text (the largest a save takes) were one stretch of 50–80 ms, four editors'
 * such saves the feed's worst polls (tests/hardening/generated-hostile.test.ts).
 */
export async function checkFeedEntityLettingPollsIn(
  entity: FeedEntity,
  ctx: FeedRuleContext,
): Promise<FeedNotice[]> {
  const notices: FeedNotice[] = [];
  for (const rule of feedRules) {
    await letPollsIn(0);
    for (const notice of rule.check(entity, ctx)) notices.push(notice);
  }
  return notices;
}

/** Notices for a feed header (POSIX and future timestamps). */
export function checkFeedHeader(header: FeedHeader, ctx: FeedRuleContext): FeedNotice[] {
  return feedRules.flatMap((rule) => rule.checkHeader?.(header, ctx) ?? []);
}

export const hasErrors = (notices: FeedNotice[]) => notices.some((notice) => notice.severity === 'error');

const catalogue = noticeCatalogue(feedRules);

/** The sentence of a feed notice, from its code's rule and its fields. */
export const renderFeedNotice = (notice: FeedNotice): string => renderNotice(notice, catalogue);

/**
 * A feed notice as the REST contract (422 `details.notices`, `warnings`) and the web app read it:
 * its sentence in `message`, and only the documented fields, in their documented order.
 */
export type FeedNoticeJson = Pick<FeedNotice, 'code' | 'severity' | 'entityId' | 'field'> & {
  message: string;
} & Partial<Pick<FeedNotice, 'value' | 'stopSequence' | 'stopId'>>;

export function feedNoticeJson(notice: FeedNotice): FeedNoticeJson {
  const { code, severity, entityId, field } = notice;
  const json: FeedNoticeJson = { code, severity, entityId, field, message: renderFeedNotice(notice) };
  // The context fields of the sentence stay out: the contract lists these keys only.
  if ('value' in notice) json.value = notice.value;
  if ('stopSequence' in notice) json.stopSequence = notice.stopSequence;
  if ('stopId' in notice) json.stopId = notice.stopId;
  return json;
}
