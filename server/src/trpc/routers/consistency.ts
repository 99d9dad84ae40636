import { feedEntityFromJson } from '@feeddesk/proto';
import { findAddedFindings } from '../../consistency/find-added-findings.ts';
import { findConsistencyFindings } from '../../consistency/find-consistency-findings.ts';
import { editProcedure, router, viewProcedure } from '../trpc.ts';
import { previewInput } from './consistency.schemas.ts';

/** The consistency engine for the web app: the same findings as GET /feed/consistency. */
export const consistencyRouter = router({
  list: viewProcedure.query(({ ctx }) => findConsistencyFindings(ctx.deps)),
  /** Findings the entity would add if saved; an entity the feed rules would refuse adds none (the save says why). */
  preview: editProcedure.input(previewInput).query(({ ctx, input }) => {
    let entity: ReturnType<typeof feedEntityFromJson>;
    try {
      entity = feedEntityFromJson({ id: '', ...input.entity });
    } catch {
      return [];
    }
    return findAddedFindings(ctx.deps, { entity });
  }),
});
