import { z } from 'zod';
import { AUDIT_ENTRY_KINDS } from '../../audit/list-audit-entries.ts';

export const auditListInput = z.object({
  by: z.string().max(200).optional(),
  kind: z.enum(AUDIT_ENTRY_KINDS).optional(),
  entity: z.string().max(200).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).default(0),
});
