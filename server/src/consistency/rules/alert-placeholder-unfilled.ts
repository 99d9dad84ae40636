import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * Alert text holding a placeholder nobody filled, such as `{route}` or `{until}` from a template
 * chosen before the route and period were set: riders would read the braces.
 */
export const code = 'alert_placeholder_unfilled';
export const severity = 'error';
export const invariant = true;
const report = finder(code, severity);
const PLACEHOLDER = /\{\w+\}/g;

export function check(ctx: ConsistencyContext): Finding[] {
  return ctx.alerts.flatMap((alert) => {
    const found = alert.texts.flatMap(({ field, language, text }) => {
      const names = [...new Set(text.match(PLACEHOLDER) ?? [])];
      return names.length === 0
        ? []
        : [`${names.join(', ')} in its ${field}${language ? ` (${language})` : ''}`];
    });
    if (found.length === 0) return [];
    return [
      report(
        [alert.id],
        `Alert ${alert.id} has unfilled placeholders: ${found.join('; ')}; replace them with the words riders should read.`,
      ),
    ];
  });
}
