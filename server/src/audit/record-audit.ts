import { auditLog } from '@feeddesk/drizzle';
import type { DbOrTx } from '../deps.ts';
import type { FeedKind } from '../feed/feed-kind.ts';

/** What the audit trail records beside feed_log; feed entity kinds come from feed_log itself. */
export const AUDIT_KINDS = ['user', 'token', 'disruption', 'schedule_version', 'operator_settings'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export type AuditRecord = {
  at: Date;
  /** Username of whoever acted; null for the product itself. */
  by: string | null;
  /** A feed kind only for what feed_log cannot say of itself: a deletion that erased the history. */
  kind: AuditKind | FeedKind;
  action: string;
  entityId: string;
  summary: string;
  details?: Record<string, unknown>;
};

/**
 * Records one change in the audit trail. Pass the transaction that makes the change, so the
 * record commits with it and a change that rolls back leaves no record.
 */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({ ...record, details: record.details ?? null });
}
