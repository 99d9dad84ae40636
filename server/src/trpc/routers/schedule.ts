import { AppError } from '../../errors.ts';
import { getScheduleInfo } from '../../schedule/current/get-schedule-info.ts';
import { findStops } from '../../schedule/find-stops.ts';
import { findTrips } from '../../schedule/find-trips.ts';
import { safeFileName } from '../../schedule/import/safe-file-name.ts';
import { startScheduleUpload } from '../../schedule/import/start-schedule-upload.ts';
import { listRoutes } from '../../schedule/list-routes.ts';
import { listScheduleVersions } from '../../schedule/list-schedule-versions.ts';
import { listServices } from '../../schedule/list-services.ts';
import { listStopTimesOfTrip } from '../../schedule/list-stop-times-of-trip.ts';
import { mapTripsToRoutes } from '../../schedule/map-trips-to-routes.ts';
import { authedProcedure, gtfsProcedure, router } from '../trpc.ts';
import { stopsInput, stopTimesInput, tripsInput, uploadInput } from './schedule.schemas.ts';

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
  /** The same upload as POST /gtfs/upload_gtfs: FormData with field `file`; answers the job id at once. */
  upload: gtfsProcedure.input(uploadInput).mutation(async ({ ctx, input }) => {
    const file = input.get('file');
    if (!(file instanceof Blob) || file.size === 0)
      throw new AppError('upload_missing', { message: 'Upload file!' });
    if (file.size > ctx.deps.config.UPLOAD_MAX_MB * 1024 * 1024) {
      throw new AppError('payload_too_large', {
        message: `The file is larger than ${ctx.deps.config.UPLOAD_MAX_MB} MB.`,
      });
    }
    const fileName = 'name' in file && typeof file.name === 'string' ? file.name : 'upload';
    const bytes = new Uint8Array(await file.arrayBuffer());
    return startScheduleUpload(ctx.deps, { bytes, fileName: safeFileName(fileName), user: ctx.user });
  }),
});
