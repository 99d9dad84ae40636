import type { FeedEntity } from '@feeddesk/proto';
import { own, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/** Stop time event without delay or time: an empty arrival or departure (MobilityData E044, error). */
export const code = 'E044';
export const severity: Severity = 'error';
export const description = 'An arrival or departure has neither time nor delay.';
export const sentence = (n: FeedNotice) => `This ${n.event} has neither time nor delay; give one.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return stopTimeUpdates(entity).flatMap((stu, i) =>
    (['arrival', 'departure'] as const)
      .filter(
        (event) =>
          stu[event] != null &&
          own(stu[event], 'time') === undefined &&
          own(stu[event], 'delay') === undefined,
      )
      .map((event) => report(stuField(i, event), { ...stopRef(stu), event })),
  );
}
