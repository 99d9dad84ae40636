import { listTrains } from '../../feed/list-trains.ts';
import { getNetwork } from '../../schedule/get-network.ts';
import { router, viewProcedure } from '../trpc.ts';

/** The Trains screen: live positions with their trips, and the network to draw them on. */
export const trainsRouter = router({
  list: viewProcedure.query(({ ctx }) => listTrains(ctx.deps)),
  network: viewProcedure.query(({ ctx }) => getNetwork(ctx.deps)),
});
