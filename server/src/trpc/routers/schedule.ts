import { getScheduleInfo } from '../../schedule/current/get-schedule-info.ts';
import { findStops } from '../../schedule/find-stops.ts';
import { findTrips } from '../../schedule/find-trips.ts';
import { startScheduleUpload } from '../../schedule/import/start-schedule-upload.ts';
import { listRoutes } from '../../schedule/list-routes.ts';
import { listScheduleVersions } from '../../schedule/list-schedule-versions.ts';
import { listServices } from '../../schedule/list-services.ts';
import { listStopTimesOfTrip } from '../../schedule/list-stop-times-of-trip.ts';
import { mapTripsToRoutes } from '../../schedule/map-trips-to-routes.ts';
import { diffScheduleVersions } from '../../schedule/versions/diff-schedule-versions.ts';
import { rollbackScheduleVersion } from '../../schedule/versions/rollback-schedule-version.ts';
import { authedProcedure, gtfsProcedure, router } from '../trpc.ts';
import {
  diffInput,
  rollbackInput,
  stopsInput,
  stopTimesInput,
  tripsInput,
  uploadInput,
} from './schedule.schemas.ts';

/** The same queries as REST /db (contract.md), for the web app. */
export const scheduleRouter = router({
  info: authedProcedure.query(({ ctx }) => getScheduleInfo(ctx.deps)),
  routes: authedProcedure.query(({ ctx }) => listRoutes(ctx.deps)),
  services: authedProcedure.query(({ ctx }) => listServices(ctx.deps)),
  stops: authedProcedure.input(stopsInput).query(({ ctx, input }) => findStops(ctx.deps, input)),
  tripsToRoutes: authedProcedure.query(({ ctx }) => mapTripsToRoutes(ctx.deps)),
  trips: authedProcedure
    .input(tripsInput)
    .query(({ ctx, input }) => findTrips(ctx.deps, { ...input, details: true })),
  stopTimes: authedProcedure
    .input(stopTimesInput)
    .query(({ ctx, input }) => listStopTimesOfTrip(ctx.deps, { tripid: input.tripId })),
  versions: gtfsProcedure.query(({ ctx }) => listScheduleVersions(ctx.deps)),
  diff: gtfsProcedure.input(diffInput).query(({ ctx, input }) => diffScheduleVersions(ctx.deps, input)),
  rollback: gtfsProcedure
    .input(rollbackInput)
    .mutation(({ ctx, input }) =>
      rollbackScheduleVersion(ctx.deps, { versionId: input.versionId, by: ctx.user.username }),
    ),
  /** The same upload as POST /gtfs/upload_gtfs: FormData with field `file`; answers the job id at once. */
  upload: gtfsProcedure.input(uploadInput).mutation(async ({ ctx, input }) => {
    const file = input.get('file');
    const upload =
      file instanceof Blob
        ? { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file instanceof File ? file.name : '' }
        : undefined;
    return startScheduleUpload(ctx.deps, { file: upload, user: ctx.user });
  }),
});
