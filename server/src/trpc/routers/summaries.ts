import { deleteSummary } from '../../summaries/delete-summary.ts';
import { getPunctuality } from '../../summaries/get-punctuality.ts';
import { listSummaries } from '../../summaries/list-summaries.ts';
import { startSummary } from '../../summaries/start-summary.ts';
import { excelProcedure, router } from '../trpc.ts';
import { createSummaryInput, punctualityInput, summaryNameInput } from './summaries.schemas.ts';

/** History summaries. Files download over GET /excel/{name}; progress over jobs.onMessage. */
export const summariesRouter = router({
  /** File names, newest first (as GET /excel/list_excel). */
  list: excelProcedure.query(async ({ ctx }) => (await listSummaries(ctx.deps)).map((s) => s.name)),
  create: excelProcedure.input(createSummaryInput).mutation(async ({ ctx, input }) => {
    const { id, username } = ctx.user;
    const { jobId } = await startSummary(ctx.deps, {
      createdBy: { id, username },
      from: input?.from,
      to: input?.to,
    });
    return { jobId };
  }),
  /** The punctuality dashboard's figures for a period (the summary workbook's counts). */
  punctuality: excelProcedure
    .input(punctualityInput)
    .query(({ ctx, input }) => getPunctuality(ctx.deps, { from: input?.from, to: input?.to })),
  delete: excelProcedure.input(summaryNameInput).mutation(async ({ ctx, input }) => {
    await deleteSummary(ctx.deps, { name: input.name });
    return { message: `Successfully deleted ${input.name}.` };
  }),
});
