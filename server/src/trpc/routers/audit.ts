import { listAuditEntries } from '../../audit/list-audit-entries.ts';
import { adminProcedure, router } from '../trpc.ts';
import { auditListInput } from './audit.schemas.ts';

/** The audit trail for the admin screen; its CSV export is GET /audit/export (a download). */
export const auditRouter = router({
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => listAuditEntries(ctx.deps, input)),
});
