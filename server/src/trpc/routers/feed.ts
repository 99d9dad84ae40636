import { FeedVerifyError, feedEntityFromJson } from '@feeddesk/proto';
import { AppError } from '../../errors.ts';
import { deleteFeedEntity } from '../../feed/delete-feed-entity.ts';
import { followFeedChanges } from '../../feed/follow-feed-changes.ts';
import { getFeedEntity, listFeedEntities } from '../../feed/list-feed-entities.ts';
import { saveFeedEntity } from '../../feed/save-feed-entity.ts';
import { editProcedure, router, viewProcedure } from '../trpc.ts';
import {
  deleteFeedInput,
  getFeedInput,
  listFeedInput,
  saveAlertInput,
  saveTripUpdateInput,
} from './feed.schemas.ts';

function fromJson(json: unknown) {
  try {
    return feedEntityFromJson(json);
  } catch (error) {
    if (error instanceof FeedVerifyError)
      throw new AppError('feed_rules_failed', { message: `The entity is not valid: ${error.message}.` });
    throw error;
  }
}

export const feedRouter = router({
  list: viewProcedure.input(listFeedInput).query(({ ctx, input }) => listFeedEntities(ctx.deps, input)),
  /** The kind of each later feed change, from any process: open lists refetch by themselves. */
  onChange: viewProcedure.subscription(async function* ({ ctx, signal }) {
    yield* followFeedChanges(ctx.deps, { signal });
  }),
  get: viewProcedure.input(getFeedInput).query(({ ctx, input }) => getFeedEntity(ctx.deps, input)),
  saveTripUpdate: editProcedure.input(saveTripUpdateInput).mutation(async ({ ctx, input }) => {
    const entity = fromJson({ id: '', ...input.entity });
    const result = await saveFeedEntity(ctx.deps, {
      kind: 'trip_update',
      entity,
      by: ctx.user.username,
      log: true,
    });
    return { ...result, message: '✅ Sucessfully saved Trip Update' };
  }),
  saveAlert: editProcedure.input(saveAlertInput).mutation(async ({ ctx, input }) => {
    const entity = fromJson({ id: '', ...input.entity });
    const result = await saveFeedEntity(ctx.deps, {
      kind: 'alert',
      entity,
      by: ctx.user.username,
      log: true,
    });
    return { ...result, message: ' ✅ Successfully saved Alert!' };
  }),
  delete: editProcedure.input(deleteFeedInput).mutation(async ({ ctx, input }) => {
    await deleteFeedEntity(ctx.deps, { ...input, by: ctx.user.username });
    return { message: 'Successfully deleted.' };
  }),
});
