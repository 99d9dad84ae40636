import { approvePendingItem } from '../../approvals/approve-pending-item.ts';
import { listPendingItems } from '../../approvals/list-pending-items.ts';
import { rejectPendingItem } from '../../approvals/reject-pending-item.ts';
import { withdrawPendingItem } from '../../approvals/withdraw-pending-item.ts';
import { approveProcedure, editOrApproveProcedure, router } from '../trpc.ts';
import { pendingItemInput, rejectPendingInput } from './approvals.schemas.ts';

/** Two-person approval (docs/rest-api.md "Two-person approval and publication times"). */
export const approvalsRouter = router({
  list: editOrApproveProcedure.query(({ ctx }) => listPendingItems(ctx.deps)),
  approve: approveProcedure
    .input(pendingItemInput)
    .mutation(({ ctx, input }) => approvePendingItem(ctx.deps, { id: input.id, by: ctx.user.username })),
  reject: approveProcedure
    .input(rejectPendingInput)
    .mutation(({ ctx, input }) => rejectPendingItem(ctx.deps, { ...input, by: ctx.user.username })),
  /** Its author (or an approver) takes back what waits, before it enters the feed. */
  withdraw: editOrApproveProcedure
    .input(pendingItemInput)
    .mutation(({ ctx, input }) =>
      withdrawPendingItem(ctx.deps, { id: input.id, by: ctx.user.username, roles: ctx.user.roles }),
    ),
});
