import { tracked } from '@trpc/server';
import { z } from 'zod';
import { findRunningJob } from '../../jobs/find-running-job.ts';
import { followJob, getJobToFollow } from '../../jobs/follow-job.ts';
import { authedProcedure, router } from '../trpc.ts';

export const jobsRouter = router({
  /** The newest running job of a kind (null when none), for a screen opened while it runs. */
  running: authedProcedure
    .input(z.object({ kind: z.enum(['schedule_upload', 'summary']) }))
    .query(({ ctx, input }) => findRunningJob(ctx.deps, { kind: input.kind, roles: ctx.user.roles })),
  /**
   * Every message of a job from the start (or after the last seen id on reconnect), then live
   * ones; ends after the final message. Only for the role of the job's kind (as /ws).
   */
  onMessage: authedProcedure
    .input(z.object({ jobId: z.string().max(100), lastEventId: z.string().nullish() }))
    .subscription(async ({ ctx, input, signal }) => {
      const follow = { jobId: input.jobId, roles: ctx.user.roles, signal };
      // Checked before the stream starts, so a refusal is a FORBIDDEN (or NOT_FOUND) answer.
      await getJobToFollow(ctx.deps, follow);
      const afterId = input.lastEventId ? Number(input.lastEventId) : 0;
      return (async function* () {
        for await (const message of followJob(ctx.deps, { ...follow, afterId })) {
          yield tracked(String(message.id), message);
        }
      })();
    }),
});
