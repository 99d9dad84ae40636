import { publishDraftWithApproval } from '../../approvals/publish-draft-with-approval.ts';
import { saveAlertWithApproval } from '../../approvals/save-alert-with-approval.ts';
import { findTripCause } from '../../causes/find-trip-cause.ts';
import { alertTextLimits } from '../../feed/alert-text-limits.ts';
import { checkChosenStart } from '../../feed/check-chosen-start.ts';
import { deleteFeedEntity } from '../../feed/delete-feed-entity.ts';
import { followFeedChanges } from '../../feed/follow-feed-changes.ts';
import { lintAlert } from '../../feed/lint-alert.ts';
import { getFeedEntity, listFeedEntities } from '../../feed/list-feed-entities.ts';
import { listFeedEntityHistory } from '../../feed/list-feed-entity-history.ts';
import { restoreFeedEntity } from '../../feed/restore-feed-entity.ts';
import { saveFeedEntity } from '../../feed/save-feed-entity.ts';
import { authedProcedure, editProcedure, router, viewProcedure } from '../trpc.ts';
import {
  deleteFeedInput,
  entityRefInput,
  getFeedInput,
  lintAlertInput,
  listFeedInput,
  publishAlertInput,
  saveAlertInput,
  saveTripUpdateInput,
  tripCauseInput,
} from './feed.schemas.ts';

export const feedRouter = router({
  list: viewProcedure.input(listFeedInput).query(({ ctx, input }) =>
    listFeedEntities(ctx.deps, {
      ...input,
      openEndedWarnHours: ctx.deps.config.ALERT_OPEN_ENDED_WARN_HOURS,
    }),
  ),
  /** The kind of each later feed change, from any process: open lists refetch by themselves. */
  onChange: viewProcedure.subscription(async function* ({ ctx, signal }) {
    yield* followFeedChanges(ctx.deps, { signal });
  }),
  get: viewProcedure
    .input(getFeedInput)
    .query(({ ctx, input }) =>
      getFeedEntity(ctx.deps, { ...input, openEndedWarnHours: ctx.deps.config.ALERT_OPEN_ENDED_WARN_HOURS }),
    ),
  saveTripUpdate: editProcedure.input(saveTripUpdateInput).mutation(({ ctx, input }) =>
    saveFeedEntity(ctx.deps, {
      kind: 'trip_update',
      entity: { json: input.entity },
      baseRevision: input.baseRevision,
      by: ctx.user.username,
      log: true,
      cause: input.cause,
    }),
  ),
  /** The delay cause kept for a dated train (docs/glossary.md "cause"), or null. */
  tripCause: viewProcedure.input(tripCauseInput).query(({ ctx, input }) => findTripCause(ctx.deps, input)),
  saveAlert: editProcedure.input(saveAlertInput).mutation(async ({ ctx, input }) => {
    if (input.chosenStart) await checkChosenStart(ctx.deps, input.entity, input.chosenStart);
    return saveAlertWithApproval(ctx.deps, {
      entity: { json: input.entity },
      baseRevision: input.baseRevision,
      by: ctx.user.username,
      roles: ctx.user.roles,
      log: true,
      draft: input.draft,
      publishAt: input.publishAt,
      emergency: input.emergency,
    });
  }),
  /** The alert linter as the controller types: the notices saving this alert would give. */
  lintAlert: editProcedure.input(lintAlertInput).query(({ ctx, input }) => lintAlert(ctx.deps, input)),
  /** The text lengths the alert editor says next to each field before saving. */
  alertTextLimits: authedProcedure.query(({ ctx }) => alertTextLimits(ctx.deps)),
  /** Puts a draft alert into the public feed, as it was saved. */
  publishAlert: editProcedure
    .input(publishAlertInput)
    .mutation(({ ctx, input }) =>
      publishDraftWithApproval(ctx.deps, { ...input, by: ctx.user.username, roles: ctx.user.roles }),
    ),
  delete: editProcedure.input(deleteFeedInput).mutation(async ({ ctx, input }) => {
    await deleteFeedEntity(ctx.deps, { ...input, by: ctx.user.username });
    return { message: 'Successfully deleted.' };
  }),
  /** Undoes a delete of the last minute (the entity comes back exactly). */
  restore: editProcedure
    .input(entityRefInput)
    .mutation(({ ctx, input }) => restoreFeedEntity(ctx.deps, { ...input, by: ctx.user.username })),
  /** Who changed the entity, when, and what, oldest first. */
  history: viewProcedure
    .input(entityRefInput)
    .query(({ ctx, input }) => listFeedEntityHistory(ctx.deps, input)),
});
