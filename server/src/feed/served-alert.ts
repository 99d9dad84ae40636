type AlertWithPeriods = { activePeriod?: unknown[] | null; impactPeriod?: unknown[] | null };

/**
 * The entity as the public feed serves it: an alert with impact periods and no active_period
 * carries active_period = its impact periods, for consumers that predate impact_period
 * (docs/rest-api.md). The stored JSON keeps what the editor wrote, so a later change of the impact
 * periods is not held back by a copy of the old ones.
 */
export function servedEntity<E extends { alert?: AlertWithPeriods | null }>(entity: E): E {
  const alert = entity.alert;
  const impact = alert?.impactPeriod ?? [];
  if (!alert || impact.length === 0 || (alert.activePeriod ?? []).length > 0) return entity;
  const { activePeriod: _none, ...rest } = alert;
  // active_period first, as it is field 1 and protobuf-JSON lists fields in number order.
  return { ...entity, alert: { activePeriod: impact, ...rest } };
}
