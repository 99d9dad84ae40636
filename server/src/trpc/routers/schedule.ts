import { followScheduleChanges } from '../../schedule/current/follow-schedule-changes.ts';
import { getScheduleInfo } from '../../schedule/current/get-schedule-info.ts';
import { findEndOfService } from '../../schedule/find-end-of-service.ts';
import { findStopChoices } from '../../schedule/find-stop-choices.ts';
import { findTrips } from '../../schedule/find-trips.ts';
import { getServiceDay } from '../../schedule/get-service-day.ts';
import { listDirections } from '../../schedule/list-directions.ts';
import { listRoutes } from '../../schedule/list-routes.ts';
import { listScheduleVersions } from '../../schedule/list-schedule-versions.ts';
import { listServices } from '../../schedule/list-services.ts';
import { listStationPlatforms } from '../../schedule/list-station-platforms.ts';
import { listStopTimesOfTrip } from '../../schedule/list-stop-times-of-trip.ts';
import { mapTripsToRoutes } from '../../schedule/map-trips-to-routes.ts';
import { diffScheduleVersions } from '../../schedule/versions/diff-schedule-versions.ts';
import { rollbackScheduleVersion } from '../../schedule/versions/rollback-schedule-version.ts';
import { authedProcedure, gtfsProcedure, router } from '../trpc.ts';
import {
  diffInput,
  endOfServiceInput,
  platformsInput,
  rollbackInput,
  serviceDayInput,
  stopsInput,
  stopTimesInput,
  tripsInput,
} from './schedule.schemas.ts';

/** The same queries as REST /db (docs/rest-api.md), for the web app. */
export const scheduleRouter = router({
  info: authedProcedure.query(({ ctx }) => getScheduleInfo(ctx.deps)),
  /** The current version, then each new one (upload or rollback, any process): open screens refetch. */
  onChange: authedProcedure.subscription(async function* ({ ctx, signal }) {
    yield* followScheduleChanges(ctx.deps, { signal });
  }),
  routes: authedProcedure.query(({ ctx }) => listRoutes(ctx.deps)),
  /** Each route's directions named by terminus ("towards San Francisco"), for every trip selection. */
  directions: authedProcedure.query(({ ctx }) => listDirections(ctx.deps)),
  services: authedProcedure.query(({ ctx }) => listServices(ctx.deps)),
  /** Unlike REST /db/get_stops' pairs, each stop with its label and whether it is a station. */
  stops: authedProcedure.input(stopsInput).query(({ ctx, input }) => findStopChoices(ctx.deps, input)),
  tripsToRoutes: authedProcedure.query(({ ctx }) => mapTripsToRoutes(ctx.deps)),
  trips: authedProcedure
    .input(tripsInput)
    .query(({ ctx, input }) => findTrips(ctx.deps, { ...input, details: true })),
  /** Whether any train runs on a date, and the dates the schedule runs (an empty trip search says why). */
  serviceDay: authedProcedure
    .input(serviceDayInput)
    .query(({ ctx, input }) => getServiceDay(ctx.deps, input.date, { service: input.service })),
  stopTimes: authedProcedure
    .input(stopTimesInput)
    .query(({ ctx, input }) => listStopTimesOfTrip(ctx.deps, { tripid: input.tripId })),
  /** For each stop, the other platforms of its station (the platform picker of the trip editor). */
  platforms: authedProcedure
    .input(platformsInput)
    .query(({ ctx, input }) => listStationPlatforms(ctx.deps, input)),
  /** The last arrival of the service day running at `at` (default now): the editor's "end of service". */
  endOfService: authedProcedure
    .input(endOfServiceInput)
    .query(({ ctx, input }) => findEndOfService(ctx.deps, input)),
  versions: gtfsProcedure.query(({ ctx }) => listScheduleVersions(ctx.deps)),
  diff: gtfsProcedure.input(diffInput).query(({ ctx, input }) => diffScheduleVersions(ctx.deps, input)),
  rollback: gtfsProcedure
    .input(rollbackInput)
    .mutation(({ ctx, input }) =>
      rollbackScheduleVersion(ctx.deps, { versionId: input.versionId, by: ctx.user.username }),
    ),
});
