import { tracked } from '@trpc/server';
import { z } from 'zod';
import { followJob } from '../../jobs/follow-job.ts';
import { authedProcedure, router } from '../trpc.ts';

export const jobsRouter = router({
  /**
   * Every message of a job from the start (or after the last seen id on reconnect), then live
   * ones; ends after the final message.
   */
  onMessage: authedProcedure
    .input(z.object({ jobId: z.string().max(100), lastEventId: z.string().nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const afterId = input.lastEventId ? Number(input.lastEventId) : 0;
      for await (const message of followJob(ctx.deps, { jobId: input.jobId, afterId, signal })) {
        yield tracked(String(message.id), message);
      }
    }),
});
