import { applyDisruption } from '../../disruptions/apply-disruption.ts';
import { liftDisruption } from '../../disruptions/lift-disruption.ts';
import { listDisruptions } from '../../disruptions/list-disruptions.ts';
import { editProcedure, router } from '../trpc.ts';
import { applyDisruptionInput, liftDisruptionInput } from './disruptions.schemas.ts';

export const disruptionsRouter = router({
  list: editProcedure.query(({ ctx }) => listDisruptions(ctx.deps)),
  /** Preview and apply: one procedure, `dryRun` says which (the preview runs every check too). */
  applyDisruption: editProcedure
    .input(applyDisruptionInput)
    .mutation(({ ctx, input }) => applyDisruption(ctx.deps, { ...input, by: ctx.user.username })),
  lift: editProcedure
    .input(liftDisruptionInput)
    .mutation(({ ctx, input }) => liftDisruption(ctx.deps, { id: input.id, by: ctx.user.username })),
});
