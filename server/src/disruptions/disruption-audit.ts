import type { AuditRecord } from '../audit/record-audit.ts';
import type { DisruptionAction } from './disruption-input.ts';

/** The audit record of an applied disruption: what it did to how many trips, and why. */
export function appliedAudit(
  at: Date,
  by: string | null,
  d: { id: string; serviceDate: string; action: DisruptionAction; reason: string; trips: number },
): AuditRecord {
  const what = d.action.type === 'delay' ? `delay ${d.action.minutes ?? 0} min` : d.action.type;
  return {
    at,
    by,
    kind: 'disruption',
    action: 'apply',
    entityId: d.id,
    summary: `Applied ${what} to ${d.trips} trips on ${d.serviceDate}: ${d.reason.trim()}`,
    details: { serviceDate: d.serviceDate, action: d.action, trips: d.trips },
  };
}

/** The audit record of a lifted disruption. */
export function liftedAudit(at: Date, by: string | null, d: { id: string; reason: string }): AuditRecord {
  return {
    at,
    by,
    kind: 'disruption',
    action: 'lift',
    entityId: d.id,
    summary: `Lifted the disruption "${d.reason}".`,
  };
}
