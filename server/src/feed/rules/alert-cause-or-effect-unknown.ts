import { type FeedEntity, transit_realtime } from '@feeddesk/proto';
import { own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

const { Cause, Effect } = transit_realtime.Alert;

/**
 * Alert whose cause or effect is unknown (warning): left out, UNKNOWN_CAUSE / UNKNOWN_EFFECT, or
 * a number the schema does not list. MobilityData's service alert guidelines recommend a cause
 * and an effect in every alert; apps group and badge alerts by them.
 */
export const code = 'alert_cause_or_effect_unknown';
export const severity: Severity = 'warning';
export const description = 'The alert does not say its cause or its effect.';
export const sentence = ({ field }: { field?: unknown }) =>
  field === 'alert.cause'
    ? 'The cause is unknown; choose why service is disrupted (e.g. technical problem, weather).'
    : 'The effect is unknown; choose what riders face (e.g. no service, significant delays).';

export function check(entity: FeedEntity): FeedNotice[] {
  const alert = entity.alert;
  if (!alert) return [];
  const report = reporter(code, severity, entity.id);
  const cause = own(alert, 'cause');
  const effect = own(alert, 'effect');
  return [
    ...(known(cause, Cause, Cause.UNKNOWN_CAUSE) ? [] : [report('alert.cause', { value: cause ?? null })]),
    ...(known(effect, Effect, Effect.UNKNOWN_EFFECT)
      ? []
      : [report('alert.effect', { value: effect ?? null })]),
  ];
}

function known(value: number | undefined, values: Record<string, string | number>, unknown: number): boolean {
  return value !== undefined && value !== unknown && Object.values(values).includes(value);
}
