import { decodeFeedEntity, encodeFeedEntity, type FeedEntity, feedEntityFromJson } from '@feeddesk/proto';
import { findAddedFindings } from '../../consistency/find-added-findings.ts';
import { findConsistencyFindings } from '../../consistency/find-consistency-findings.ts';
import { deleteTripUpdatesNotInSchedule } from '../../feed/delete-trip-updates-not-in-schedule.ts';
import { editProcedure, router, viewProcedure } from '../trpc.ts';
import { previewInput } from './consistency.schemas.ts';

/** The consistency engine for the web app: the same findings as GET /feed/consistency. */
export const consistencyRouter = router({
  /** One act removes every trip update whose trip the current schedule lacks. */
  removeNotInSchedule: editProcedure.mutation(({ ctx }) =>
    deleteTripUpdatesNotInSchedule(ctx.deps, { by: ctx.user.username }),
  ),
  list: viewProcedure.query(({ ctx }) => findConsistencyFindings(ctx.deps)),
  /** Findings the entity would add if saved; an entity the feed rules would refuse adds none (the save says why). */
  preview: editProcedure.input(previewInput).query(({ ctx, input }) => {
    let entity: FeedEntity;
    try {
      // Through protobuf, so the entity reads exactly as the live ones do (enums as numbers).
      entity = decodeFeedEntity(encodeFeedEntity(feedEntityFromJson({ id: '', ...input.entity })));
    } catch {
      return [];
    }
    return findAddedFindings(ctx.deps, { entity });
  }),
});
