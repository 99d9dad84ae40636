import { deleteTripUpdateWithAlert } from '../../disruptions/delete-trip-update-with-alert.ts';
import { findAlertLinks } from '../../disruptions/find-alert-links.ts';
import { findTripAlert } from '../../disruptions/find-trip-alert.ts';
import { liftDisruption } from '../../disruptions/lift-disruption.ts';
import { listDisruptions } from '../../disruptions/list-disruptions.ts';
import { publishDisruption } from '../../disruptions/publish-disruption.ts';
import { saveTripUpdateWithAlert } from '../../disruptions/save-trip-update-with-alert.ts';
import { editProcedure, router, viewProcedure } from '../trpc.ts';
import {
  alertLinksInput,
  applyDisruptionInput,
  deleteTripUpdateInput,
  liftDisruptionInput,
  saveTripUpdateWithAlertInput,
  tripAlertInput,
} from './disruptions.schemas.ts';

export const disruptionsRouter = router({
  list: editProcedure.query(({ ctx }) => listDisruptions(ctx.deps)),
  /** Preview and apply: one procedure, `dryRun` says which (the preview runs every check too). */
  applyDisruption: editProcedure.input(applyDisruptionInput).mutation(({ ctx, input }) =>
    publishDisruption(ctx.deps, {
      ...input,
      by: ctx.user.username,
      user: ctx.user,
      principal: `user:${ctx.user.id}`,
    }),
  ),
  lift: editProcedure
    .input(liftDisruptionInput)
    .mutation(({ ctx, input }) =>
      liftDisruption(ctx.deps, { id: input.id, by: ctx.user.username, user: ctx.user }),
    ),
  /** The trip update editor's "Tell riders": the linked alert, a draft for the change, what to offer. */
  tripAlert: editProcedure
    .input(tripAlertInput)
    .query(({ ctx, input: { tripUpdateId, ...change } }) =>
      findTripAlert(ctx.deps, { tripUpdateId, change }),
    ),
  /** The trip update and its alert (published, updated or ended) in one act. */
  saveTripUpdateWithAlert: editProcedure
    .input(saveTripUpdateWithAlertInput)
    .mutation(({ ctx, input }) =>
      saveTripUpdateWithAlert(ctx.deps, { ...input, by: ctx.user.username, roles: ctx.user.roles }),
    ),
  deleteTripUpdate: editProcedure.input(deleteTripUpdateInput).mutation(async ({ ctx, input }) => {
    const { alertEnded } = await deleteTripUpdateWithAlert(ctx.deps, { ...input, by: ctx.user.username });
    return { message: alertEnded ? 'Successfully deleted. Alert ended.' : 'Successfully deleted.' };
  }),
  /** The trips an alert was published with (shown in the alert editor). */
  alertLinks: viewProcedure
    .input(alertLinksInput)
    .query(({ ctx, input }) => findAlertLinks(ctx.deps, input.alertId)),
});
