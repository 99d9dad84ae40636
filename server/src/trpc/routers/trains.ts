import { listTrains } from '../../feed/list-trains.ts';
import { deleteFormation } from '../../formations/delete-formation.ts';
import { findFormation } from '../../formations/get-formation.ts';
import { saveFormation } from '../../formations/save-formation.ts';
import { getNetwork } from '../../schedule/get-network.ts';
import { editProcedure, router, viewProcedure } from '../trpc.ts';
import { datedTrainInput, saveFormationInput } from './trains.schemas.ts';

/**
 * The Trains screen: live positions with their trips, the network to draw them on, and each dated
 * train's formation (docs/glossary.md "formation").
 */
export const trainsRouter = router({
  list: viewProcedure.query(({ ctx }) => listTrains(ctx.deps)),
  network: viewProcedure.query(({ ctx }) => getNetwork(ctx.deps)),
  formation: viewProcedure.input(datedTrainInput).query(({ ctx, input }) => findFormation(ctx.deps, input)),
  saveFormation: editProcedure
    .input(saveFormationInput)
    .mutation(({ ctx, input }) => saveFormation(ctx.deps, { ...input, by: ctx.user.username })),
  deleteFormation: editProcedure.input(datedTrainInput).mutation(async ({ ctx, input }) => {
    await deleteFormation(ctx.deps, { ...input, by: ctx.user.username });
    return { message: 'Formation deleted.' };
  }),
});
